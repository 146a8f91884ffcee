import { ownPrefix } from '../../config/header-prefix.js';
import type { Context } from '../../cli/context.js';
import { checkBaseUrl, serviceUrl } from '../../config/base-url.js';
import { DEFAULT_PROFILE, isValidProfileName, type Profile } from '../../config/profiles.js';
import { UsageError } from '../../errors/errors.js';
import { readAll } from '../../io/input.js';
import { consentToReplace } from '../profile/replace-consent.js';
import { verdictError, verifyKeyPair, verifyWorkspacePair } from './verify.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { loginOptions } from './index.js';
import type { FlagOf } from '../../cli/declare/options.js';

type Options = HandlerOptions<typeof loginOptions>;

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

/** Whether storing `next` would change a value `stored` already holds. */
function replacesStored(stored: Profile, next: Profile): boolean {
  return (Object.keys(stored) as (keyof Profile)[]).some((key) => stored[key] !== next[key]);
}

/** Checks each pair with one authenticated read before anything is stored. */
async function verify(ctx: Context, profile: Profile, source: string): Promise<void> {
  const client = await ctx.client({
    baseUrl: profile.baseUrl,
    source,
    credentials: profile,
    ...(profile.headerPrefix && { headerPrefix: profile.headerPrefix }),
  });
  const checks = [
    profile.apiKey && profile.authToken && (['API key credentials', verifyKeyPair] as const),
    profile.workspaceId &&
      profile.workspaceToken &&
      (['workspace credentials', verifyWorkspacePair] as const),
  ];
  for (const check of checks) {
    if (!check) continue;
    const [what, run] = check;
    const verdict = await run(client, profile);
    if (verdict.verdict !== 'valid') {
      const error = verdictError(what, verdict);
      error.hint = 'nothing was stored; pass --no-verify to store them without checking';
      throw error;
    }
  }
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const store = await ctx.profiles();
  const name = ctx.requestedProfile() || store.activeName() || DEFAULT_PROFILE;
  if (!isValidProfileName(name)) throw new UsageError(`invalid profile name: ${name}`);
  // With its tokens, wherever they are kept: a login that adds one keeps the other.
  const existing = (await store.resolve(name))?.profile ?? {};

  // Credentials are bound to the service they are stored for: one must be known.
  const { baseUrl, source } = serviceUrl(ctx.globals.baseUrl, ctx.env, {
    name,
    baseUrl: existing.baseUrl,
  });
  if (!baseUrl) {
    throw new UsageError('no service URL to store the credentials for', {
      hint: 'pass --base-url or set SVC_BASE_URL',
    });
  }
  checkBaseUrl(baseUrl, source);

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
      flag: '--with-token' satisfies FlagOf<(typeof loginOptions)['withToken']>,
    });
  }
  if (opts.workspaceId && workspaceToken === undefined) {
    workspaceToken = await ctx.prompter.secret({
      message: 'Workspace token',
      flag: '--with-workspace-token' satisfies FlagOf<(typeof loginOptions)['withWorkspaceToken']>,
    });
  }

  // The deployment's header prefix is kept with the credentials it names: given for this
  // run, else the one stored; the contract's own is not stored.
  const headerPrefix = ownPrefix(ctx.explicitHeaderPrefix() ?? existing.headerPrefix);
  const { headerPrefix: _stored, ...kept } = existing;
  const profile: Profile = {
    ...kept,
    ...(headerPrefix && { headerPrefix }),
    baseUrl,
    ...(apiKey && { apiKey }),
    ...(authToken && { authToken }),
    ...(workspaceId && { workspaceId }),
    ...(workspaceToken && { workspaceToken }),
  };
  // Storing what is already there again replaces nothing, and needs no consent.
  const replace =
    !replacesStored(existing, profile) || (await consentToReplace(ctx, store, name, opts.force));
  if (opts.verify !== false) await verify(ctx, profile, source);
  await store.save(name, profile, { replace });
  await store.use(name, { ifNoneActive: true });
  ctx.out.success(`Stored credentials in profile "${name}" (${store.path})`);
}
