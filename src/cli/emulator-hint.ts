import { ExitCode, exitCodeFor } from '../errors/exit-codes.js';
import { ApiError, SvcError, UsageError } from '../errors/errors.js';
import { isLoopback } from '../http/loopback.js';
import type { Context } from './context.js';

/**
 * Adds to a credentials error (exit 3) what a person needs when the service is an emulator:
 * one started without --data-dir forgets every workspace when it stops, so the stored
 * credentials are unknown to it after a restart, and logging in again cannot help. The
 * emulator answers its own health route; the real service has none, and it is asked only
 * on this machine's loopback, where an emulator can be, and only after the service itself
 * refused the credentials.
 */
export async function withEmulatorHint(ctx: Context | undefined, error: unknown): Promise<unknown> {
  if (!ctx || !(error instanceof SvcError) || exitCodeFor(error) !== ExitCode.Credentials) {
    return error;
  }
  const session = await ctx.session().catch(() => undefined);
  const baseUrl = ctx.explicitBaseUrl() ?? session?.baseUrl;
  if (!baseUrl) return error;
  const profile = ctx.requestedProfile();
  const create = `svc workspace create${profile ? ` --profile ${profile}` : ''} --force`;
  const advice = `create a workspace in it again with \`${create}\`, and start it with --data-dir DIR to keep its data across restarts`;
  let line: string | undefined;
  if (error instanceof ApiError) {
    // The service itself refused them: ask it whether it is an emulator.
    if (await isEmulator(baseUrl)) {
      line = `${new URL(baseUrl).origin} is an emulator, and it does not know these credentials: one started without --data-dir forgets its workspaces when it stops. ${advice[0]?.toUpperCase()}${advice.slice(1)}`;
    }
  } else if (session?.unbound && isLoopbackUrl(baseUrl)) {
    // svc refused to send them (stored for another origin): nothing is sent to find out
    // what answers there, so the advice is conditional.
    line = `if ${new URL(baseUrl).origin} is an emulator started again without --data-dir, it no longer knows any workspace: ${advice}`;
  }
  if (line) error.hint = error.hint ? `${error.hint}\n${line}` : line;
  return error;
}

function isLoopbackUrl(baseUrl: string): boolean {
  try {
    return isLoopback(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * Refuses to go on unless the service in use is an emulator: for commands that only an
 * emulator can serve. `svc webhooks listen` registers an endpoint on this machine's loopback,
 * which the real service would try to deliver to.
 */
export async function requireEmulator(ctx: Context, command: string): Promise<void> {
  const session = await ctx.session();
  const baseUrl = ctx.explicitBaseUrl() ?? session.baseUrl;
  if (baseUrl && (await isEmulator(baseUrl))) return;
  throw new UsageError(
    `${command} works only with svc's emulator, and ${baseUrl ? new URL(baseUrl).origin : 'the service in use'} is not one (it does not answer /_emulator/health on this machine)`,
    {
      hint: 'start one with `svc emulator start`, and point svc at it with --base-url or SVC_BASE_URL',
    },
  );
}

async function isEmulator(baseUrl: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL('/_emulator/health', baseUrl);
  } catch {
    return false;
  }
  if (!isLoopback(url.hostname)) return false;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    const body = (await res.json()) as { status?: unknown };
    return res.status === 200 && body.status === 'ok';
  } catch {
    return false;
  }
}
