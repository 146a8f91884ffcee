import type { Context } from '../../cli/context.js';
import { resolveCredentials } from '../../config/credentials.js';
import { CredentialsError } from '../../errors/errors.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { tokenOptions } from './index.js';

type Options = HandlerOptions<typeof tokenOptions>;

/** The one command that prints a secret, and only because it was asked to by name. */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const { profile, profileName } = await ctx.session();
  // Printed, not sent: the profile's own, whichever service the session points at.
  const credentials = resolveCredentials(ctx.env, profile);
  ctx.redactor.add(credentials.authToken, credentials.workspaceToken);
  const token = opts.workspace ? credentials.workspaceToken : credentials.authToken;
  if (!token) {
    throw new CredentialsError(
      `profile "${profileName}" has no ${opts.workspace ? 'workspace token' : 'auth token'}`,
      { hint: 'run `svc auth login` or `svc workspace create`' },
    );
  }
  ctx.io.stdout.write(`${token}\n`);
}
