import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { DEFAULT_PROFILE, isValidProfileName, type Profile } from '../../config/profiles.js';
import { UsageError } from '../../errors/errors.js';
import { readAll } from '../../io/input.js';

interface Options extends GlobalOptions {
  apiKey?: string;
  workspaceId?: string;
  withToken?: boolean;
  withWorkspaceToken?: boolean;
}

async function tokensFromStdin(ctx: Context, opts: Options): Promise<string[]> {
  if (!opts.withToken && !opts.withWorkspaceToken) return [];
  const lines = (await readAll(ctx.io.stdin))
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const wanted = Number(Boolean(opts.withToken)) + Number(Boolean(opts.withWorkspaceToken));
  if (lines.length < wanted) {
    throw new UsageError(`expected ${wanted} token line(s) on stdin, got ${lines.length}`);
  }
  return lines;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const store = await ctx.profiles();
  const name = ctx.globals.profile || ctx.env.SVC_PROFILE || store.activeName() || DEFAULT_PROFILE;
  if (!isValidProfileName(name)) throw new UsageError(`invalid profile name: ${name}`);
  const existing = store.get(name) ?? {};

  const lines = await tokensFromStdin(ctx, opts);
  let authToken = opts.withToken ? lines[0] : undefined;
  let workspaceToken = opts.withWorkspaceToken ? lines[opts.withToken ? 1 : 0] : undefined;

  const apiKey = opts.apiKey ?? existing.apiKey;
  const workspaceId = opts.workspaceId ?? existing.workspaceId;
  if (!apiKey && !workspaceId) {
    throw new UsageError('give --api-key, --workspace-id, or both');
  }
  // Secrets never come from argv: only stdin (above) or a hidden prompt.
  if (opts.apiKey && authToken === undefined) {
    authToken = await ctx.prompter.secret({
      message: 'Auth token for the API key',
      flag: '--with-token',
    });
  }
  if (opts.workspaceId && workspaceToken === undefined) {
    workspaceToken = await ctx.prompter.secret({
      message: 'Workspace token',
      flag: '--with-workspace-token',
    });
  }

  const baseUrl = ctx.explicitBaseUrl() ?? existing.baseUrl;
  const profile: Profile = {
    ...existing,
    ...(baseUrl && { baseUrl }),
    ...(apiKey && { apiKey }),
    ...(authToken && { authToken }),
    ...(workspaceId && { workspaceId }),
    ...(workspaceToken && { workspaceToken }),
  };
  await store.save(name, profile);
  await store.use(name, { ifNoneActive: true });
  ctx.out.success(`Stored credentials in profile "${name}" (${store.path})`);
  if (!profile.baseUrl) ctx.out.warn('no service URL stored: pass --base-url or set SVC_BASE_URL');
}
