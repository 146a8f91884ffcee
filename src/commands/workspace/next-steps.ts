import type { Output } from '../../io/output.js';
import { visibleLine } from '../../io/visible.js';

export interface NextStepsFacts {
  profile: string;
  ownerEmail: string;
  baseUrl: string;
  workspaceId: string;
  apiKey: string | undefined;
}

/**
 * What a person does after creating a workspace: where the credentials are, how to see
 * the tokens, how to verify the email, and how to give CI the same access. Secrets are
 * never printed; the lines show the commands that print them.
 */
export function printNextSteps(out: Output, given: NextStepsFacts): void {
  const { bold, dim } = out.style.err;
  const facts = {
    profile: visibleLine(given.profile),
    ownerEmail: visibleLine(given.ownerEmail),
    baseUrl: visibleLine(given.baseUrl),
    workspaceId: visibleLine(given.workspaceId),
    apiKey: given.apiKey === undefined ? undefined : visibleLine(given.apiKey),
  };
  const lines = [
    '',
    bold('What next'),
    `  Profile         ${facts.profile} (active; \`svc profile show ${facts.profile}\`)`,
    `  List tokens     svc workspace tokens`,
    `  Verify email    svc workspace login-link --email ${facts.ownerEmail} --continue-url http://localhost:3000/`,
    `                  ${dim('then open the link in the email; check with `svc workspace email-status`')}`,
    `  Use in CI       set these variables in your CI secrets:`,
    `                    SVC_BASE_URL=${facts.baseUrl}`,
    ...(facts.apiKey
      ? [
          `                    SVC_API_KEY=${facts.apiKey}`,
          `                    SVC_AUTH_TOKEN=${dim('$(svc auth token)')}`,
        ]
      : []),
    `                    SVC_WORKSPACE_ID=${facts.workspaceId}`,
    `                    SVC_WORKSPACE_TOKEN=${dim('$(svc auth token --workspace)')}`,
  ];
  for (const line of lines) out.styledInfo(line);
}
