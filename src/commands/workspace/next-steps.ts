import type { Context } from '../../cli/context.js';
import { printedCommand } from '../../cli/printed-command.js';
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
 * never printed; the lines show the commands that print them. Each command names the new
 * profile, so that it reaches this workspace whatever SVC_PROFILE says where it is pasted.
 * What the service answered is shown with its control characters made visible: the lines
 * are styled, so they are written as they are.
 */
export function printNextSteps(ctx: Context, given: NextStepsFacts): void {
  const { bold, dim } = ctx.out.style.err;
  const facts = {
    profile: given.profile,
    ownerEmail: given.ownerEmail,
    baseUrl: visibleLine(given.baseUrl),
    workspaceId: visibleLine(given.workspaceId),
    apiKey: given.apiKey === undefined ? undefined : visibleLine(given.apiKey),
  };
  const svc = (...words: string[]) =>
    visibleLine(
      printedCommand({ globals: { ...ctx.globals, profile: facts.profile }, env: ctx.env }, words),
    );
  const lines = [
    '',
    bold('What next'),
    `  Profile         ${visibleLine(facts.profile)} (active; \`${svc('profile', 'show', facts.profile)}\`)`,
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
  for (const line of lines) ctx.out.styledInfo(line);
}
