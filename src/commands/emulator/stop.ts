import type { Context } from '../../cli/context.js';
import { ExitStatus } from '../../errors/errors.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { processAlive } from '../../io/temp-dir.js';
import { detachedFiles, readDetachedState, removeDetachedState } from './detached-state.js';
const { readFileSync } = process.getBuiltinModule('node:fs');

/** How long the emulator gets to close its store after SIGTERM before it is killed. */
const GRACE_MS = 10_000;
const POLL_MS = 50;

/**
 * Whether `pid` is still the emulator that was recorded, and not a process that took its id
 * since: on Linux its command line says so; elsewhere the recorded URL still answers as an
 * emulator.
 */
async function isRecordedEmulator(pid: number, url: string): Promise<boolean> {
  try {
    const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return words.includes('emulator') && words.includes('start');
  } catch {
    // No /proc here: ask the emulator.
  }
  try {
    const res = await fetch(new URL('/_emulator/health', url), {
      signal: AbortSignal.timeout(2_000),
    });
    return res.ok && ((await res.json()) as { status?: string }).status === 'ok';
  } catch {
    return false;
  }
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (processAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/** `svc emulator stop`: ends the emulator `start --detach` left running, and forgets it. */
export async function run(ctx: Context): Promise<void> {
  const files = detachedFiles(ctx.env, (line) => ctx.out.warn(line));
  const state = readDetachedState(files);
  if (!state) {
    ctx.out.info('No emulator started with --detach is recorded: nothing to stop.');
    return;
  }
  if (!processAlive(state.pid)) {
    removeDetachedState(files);
    ctx.out.info(`The emulator at ${state.url} (pid ${state.pid}) had already stopped.`);
    return;
  }
  if (!(await isRecordedEmulator(state.pid, state.url))) {
    removeDetachedState(files);
    ctx.out.info(
      `The emulator at ${state.url} had already stopped; pid ${state.pid} is another process now, left alone.`,
    );
    return;
  }
  process.kill(state.pid, 'SIGTERM');
  if (!(await gone(state.pid, GRACE_MS))) {
    ctx.out.warn(
      `the emulator (pid ${state.pid}) did not stop within ${GRACE_MS / 1000} s of SIGTERM: killed it`,
    );
    process.kill(state.pid, 'SIGKILL');
    if (!(await gone(state.pid, GRACE_MS))) {
      ctx.out.warn(`the emulator (pid ${state.pid}) is still running after SIGKILL`);
      throw new ExitStatus(ExitCode.Error);
    }
  }
  removeDetachedState(files);
  ctx.out.info(`Stopped the emulator at ${state.url} (pid ${state.pid}).`);
}
