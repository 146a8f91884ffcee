import type { Context } from '../../cli/context.js';
import { printedCommand } from '../../cli/printed-command.js';
import { shellLines } from '../../io/shell-words.js';
import { visibleLine } from '../../text/visible.js';

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
 *
 * Each command stands on its own line under the sentence that says what it does, so it
 * can be copied whole; one wider than the terminal is broken between words with ` \`
 * continuations, never inside a word. The CI tokens are given as commands whose output is
 * the value, never as `NAME=$(…)`, which reads like a value to paste into a secret.
 * What the service answered is shown with its control characters made visible: the lines
 * are styled, so they are written as they are.
 */
export function printNextSteps(ctx: Context, given: NextStepsFacts): void {
  const { bold } = ctx.out.style.err;
  const facts = {
    profile: visibleLine(given.profile),
    baseUrl: visibleLine(given.baseUrl),
    workspaceId: visibleLine(given.workspaceId),
    apiKey: given.apiKey === undefined ? undefined : visibleLine(given.apiKey),
  };
  const width = ctx.io.stderrColumns;
  const command = (...words: string[]) =>
    shellLines(
      visibleLine(
        printedCommand({ globals: { ...ctx.globals, profile: given.profile }, env: ctx.env }, [
          ...words,
        ]),
      ),
      '    ',
      width,
    );
  const says = (text: string) => `  ${text}`;
  const lines = [
    '',
    bold('What next'),
    says(`The credentials are in profile ${facts.profile} (active). Show it:`),
    ...command('profile', 'show', given.profile),
    says('List the auth tokens (masked):'),
    ...command('workspace', 'tokens'),
    says('Verify the owner email, then open the link in the email:'),
    ...command(
      'workspace',
      'login-link',
      '--email',
      given.ownerEmail,
      '--continue-url',
      'http://localhost:3000/',
    ),
    says('Check that it is verified:'),
    ...command('workspace', 'email-status', '--email', given.ownerEmail),
    says('For CI, store these values as secrets:'),
    `    SVC_BASE_URL      ${facts.baseUrl}`,
    ...(facts.apiKey ? [`    SVC_API_KEY       ${facts.apiKey}`] : []),
    `    SVC_WORKSPACE_ID  ${facts.workspaceId}`,
    ...(facts.apiKey
      ? [
          says(`and as ${bold('SVC_AUTH_TOKEN')}, what this command prints:`),
          ...command('auth', 'token'),
        ]
      : []),
    says(`and as ${bold('SVC_WORKSPACE_TOKEN')}, what this command prints:`),
    ...command('auth', 'token', '--workspace'),
  ];
  for (const line of lines) ctx.out.styledInfo(line);
}
