import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { credentialEnvVars, type Credentials } from '../../config/credentials.js';
import { ApiError, CredentialsError } from '../../errors/errors.js';
import type { HttpClient } from '../../http/client.js';
import { mask } from '../../http/redact.js';

interface Check {
  id: string | undefined;
  token: string;
  source: 'env' | 'profile' | 'none';
  valid: boolean | null;
  error?: string;
}

const rejected = new Set(['UNAUTHENTICATED', 'PERMISSION_DENIED', 'NOT_FOUND']);

/** Any answer but a credentials rejection means the service accepted the headers. */
async function accepted(
  probe: () => Promise<unknown>,
): Promise<{ valid: boolean; error?: string }> {
  try {
    await probe();
    return { valid: true };
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined && rejected.has(err.status)) {
      return { valid: false, error: `${err.status}: ${err.message}` };
    }
    if (err instanceof ApiError) return { valid: true };
    throw err;
  }
}

function sourceOf(ctx: Context, key: keyof Credentials, present: boolean): Check['source'] {
  if (!present) return 'none';
  return ctx.env[credentialEnvVars[key]] ? 'env' : 'profile';
}

export async function run(ctx: Context, _opts: GlobalOptions): Promise<void> {
  const session = await ctx.session();
  const c = session.credentials;
  const client: HttpClient | undefined = session.baseUrl ? await ctx.client() : undefined;

  const workspace: Check = {
    id: c.workspaceId,
    token: mask(c.workspaceToken),
    source: sourceOf(ctx, 'workspaceToken', Boolean(c.workspaceId && c.workspaceToken)),
    valid: null,
  };
  const apiKey: Check = {
    id: c.apiKey,
    token: mask(c.authToken),
    source: sourceOf(ctx, 'authToken', Boolean(c.apiKey && c.authToken)),
    valid: null,
  };

  if (client && workspace.source !== 'none') {
    // Op 2 needs some key id; an unknown one still proves the workspace pair by its NOT_FOUND.
    Object.assign(
      workspace,
      await accepted(() =>
        client.call(operation('workspace.authTokens'), { apiKey: c.apiKey ?? 'svc-auth-status' }),
      ),
    );
  }
  if (client && apiKey.source !== 'none') {
    // No key-level read is free of side effects but a lookup; an organization that does not
    // exist answers an empty list or NOT_FOUND once the key pair has been accepted.
    Object.assign(
      apiKey,
      await accepted(() =>
        client
          .call(operation('documents.get'), { organizationId: 'svc-auth-status' })
          .catch((err: unknown) => {
            if (err instanceof ApiError && err.status === 'NOT_FOUND') return undefined;
            throw err;
          }),
      ),
    );
  }

  const report = {
    profile: session.profileName,
    baseUrl: session.baseUrl ?? null,
    workspace,
    apiKey,
  };
  if (ctx.out.json) {
    ctx.out.jsonDocument(report);
  } else {
    const s = ctx.out.style.out;
    const verdict = (v: Check) =>
      v.source === 'none'
        ? s.dim('not set')
        : v.valid === null
          ? s.yellow('not checked (no service URL)')
          : v.valid
            ? s.green('valid')
            : s.red(`rejected (${v.error ?? ''})`);
    const lines = [
      `Profile    ${session.profileName}`,
      `Service    ${session.baseUrl ?? s.dim('not set')}`,
      `Workspace  ${workspace.id ?? '-'}  token ${workspace.token || '-'}  [${workspace.source}]  ${verdict(workspace)}`,
      `API key    ${apiKey.id ?? '-'}  token ${apiKey.token || '-'}  [${apiKey.source}]  ${verdict(apiKey)}`,
    ];
    ctx.io.stdout.write(`${lines.join('\n')}\n`);
  }

  if (workspace.source === 'none' && apiKey.source === 'none') {
    throw new CredentialsError(
      `no credentials in profile "${session.profileName}" or the environment`,
      {
        hint: 'run `svc workspace create` or `svc auth login`',
      },
    );
  }
  if (workspace.valid === false || apiKey.valid === false) {
    throw new CredentialsError('the service rejected the credentials');
  }
}
