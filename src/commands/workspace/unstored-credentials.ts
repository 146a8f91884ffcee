import type { Context } from '../../cli/context.js';
import type { Profile } from '../../config/profiles.js';
import type { SvcError } from '../../errors/errors.js';
import { credentialRecord } from '../profile/view.js';

/**
 * The new workspace exists but its credentials could not be stored: they are printed in
 * full, once, in the output format in force, since no one could read them again. The
 * error then tells how to store them; it names no secret itself.
 */
export async function printUnstoredCredentials(
  ctx: Context,
  credentials: Profile,
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
  error.message = `the workspace was created, but its credentials could not be stored: ${error.message}`;
  error.hint = [
    'the tokens above are shown only this once: keep them safe, then store them where svc can write with',
    `printf '%s\\n%s\\n' AUTH_TOKEN WORKSPACE_TOKEN | svc auth login --profile NAME --base-url ${record.baseUrl ?? 'URL'} --api-key ${record.apiKey ?? 'KEY'} --workspace-id ${record.workspaceId ?? 'ID'} --with-token --with-workspace-token`,
  ].join('\n');
}
