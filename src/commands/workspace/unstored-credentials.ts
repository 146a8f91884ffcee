import type { Context } from '../../cli/context.js';
import type { Profile } from '../../config/profiles.js';
import type { SvcError } from '../../errors/errors.js';
import { shellLine } from '../../io/shell-words.js';
import { credentialRecord } from '../profile/view.js';

/**
 * The new workspace exists but its credentials could not be stored: they are printed in
 * full, once, in the output format in force, since no one could read them again. The
 * error then tells how to store them; it names no secret itself.
 */
export async function printUnstoredCredentials(
  ctx: Context,
  credentials: Profile,
  profileName: string,
  error: SvcError,
): Promise<void> {
  const record = {
    baseUrl: credentials.baseUrl ?? null,
    workspaceId: credentials.workspaceId ?? null,
    workspaceToken: credentials.workspaceToken ?? null,
    apiKey: credentials.apiKey ?? null,
    authToken: credentials.authToken ?? null,
  };
  await ctx.out.data(record, credentialRecord);
  // At a terminal, auth login asks for each token with a hidden prompt.
  const login = shellLine([
    'svc',
    'auth',
    'login',
    '--profile',
    profileName,
    ...(record.baseUrl ? ['--base-url', record.baseUrl] : []),
    ...(record.apiKey ? ['--api-key', record.apiKey] : []),
    ...(record.workspaceId ? ['--workspace-id', record.workspaceId] : []),
  ]);
  error.message = `the workspace was created, but its credentials could not be stored: ${error.message}`;
  error.hint = [
    'the tokens above are shown only this once: keep them safe',
    `once the config dir can be written, store them with \`${login}\` (it asks for each token)`,
  ].join('\n');
}
