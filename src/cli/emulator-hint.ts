import { ExitCode, exitCodeFor } from '../errors/exit-codes.js';
import { SvcError } from '../errors/errors.js';
import { isLoopback } from '../http/loopback.js';
import type { Context } from './context.js';

/**
 * Adds to a credentials error (exit 3) what a person needs when the service is an emulator:
 * one started without --data-dir forgets every workspace when it stops, so the stored
 * credentials are unknown to it after a restart, and logging in again cannot help. The
 * emulator answers its own health route; the real service has none, and it is asked only
 * on this machine's loopback, where an emulator can be.
 */
export async function withEmulatorHint(ctx: Context | undefined, error: unknown): Promise<unknown> {
  if (!ctx || !(error instanceof SvcError) || exitCodeFor(error) !== ExitCode.Credentials) {
    return error;
  }
  const baseUrl = ctx.explicitBaseUrl() ?? (await ctx.session().catch(() => undefined))?.baseUrl;
  if (!baseUrl || !(await isEmulator(baseUrl))) return error;
  const profile = ctx.requestedProfile();
  const create = `svc workspace create${profile ? ` --profile ${profile}` : ''} --force`;
  const line =
    `${new URL(baseUrl).origin} is an emulator, and it does not know these credentials: one started without --data-dir forgets its workspaces when it stops. ` +
    `Create a workspace in it again with \`${create}\`, and start it with --data-dir DIR to keep its data across restarts`;
  error.hint = error.hint ? `${error.hint}\n${line}` : line;
  return error;
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
