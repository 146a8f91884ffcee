import type { Context } from '../../cli/context.js';
import { printedCommand } from '../../cli/printed-command.js';

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
 * never printed; the lines show the commands that print them. Each command names the new
 * profile, so that it reaches this workspace whatever SVC_PROFILE says where it is pasted.
 */
export function printNextSteps(ctx: Context, facts: NextStepsFacts): void {
  const { bold, dim } = ctx.out.style.err;
  const svc = (...words: string[]) =>
    printedCommand({ globals: { ...ctx.globals, profile: facts.profile }, env: ctx.env }, words);
  const lines = [
    '',
    bold('What next'),
    `  Profile         ${facts.profile} (active; \`${svc('profile', 'show', facts.profile)}\`)`,
    `  List tokens     ${svc('workspace', 'tokens')}`,
    `  Verify email    ${svc('workspace', 'login-link', '--email', facts.ownerEmail, '--continue-url', 'http://localhost:3000/')}`,
    `                  ${dim(`then open the link in the email; check with \`${svc('workspace', 'email-status', '--email', facts.ownerEmail)}\``)}`,
    `  Use in CI       set these variables in your CI secrets:`,
    `                    SVC_BASE_URL=${facts.baseUrl}`,
    ...(facts.apiKey
      ? [
          `                    SVC_API_KEY=${facts.apiKey}`,
          `                    SVC_AUTH_TOKEN=${dim(`$(${svc('auth', 'token')})`)}`,
        ]
      : []),
    `                    SVC_WORKSPACE_ID=${facts.workspaceId}`,
    `                    SVC_WORKSPACE_TOKEN=${dim(`$(${svc('auth', 'token', '--workspace')})`)}`,
  ];
  for (const line of lines) ctx.out.info(line);
}
