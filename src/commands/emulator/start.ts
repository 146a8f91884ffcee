import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { seededWorkspaceLines } from './seeded-env.js';
import type { startOptions } from './index.js';
import { isLoopback } from '../../http/loopback.js';
import { shellLine } from '../../io/shell-words.js';
import type { StartFailure } from '../../emulator/launch.js';
import { UsageError } from '../../errors/errors.js';
import { ADMIN_TOKEN_VAR, StartRefused, startFromFlags, uiLink } from './server-options.js';

export type StartFlags = HandlerOptions<typeof startOptions>;

export async function run(ctx: Context, opts: StartFlags): Promise<void> {
  if (opts.detach) {
    const { runDetached } = await import('./detach.js');
    return runDetached(ctx, opts);
  }
  const { emulator, adminToken, headerPrefix } = await startFromFlags(opts, {
    warn: (line) => ctx.out.warn(line),
    say: (line) => ctx.out.info(line),
    env: ctx.env,
    headerPrefix: ctx.globals.headerPrefix,
  }).catch(async (err: unknown) => {
    await tellParentWhy(err);
    throw err;
  });
  const atTerminal = ctx.io.stderrIsTTY;
  // A token made here facing the network is said even under --quiet and off a terminal: its
  // log is the one place it can be read from (a container's), as with notebook servers. On
  // loopback it is shown at a terminal only, where no log keeps it.
  if (adminToken?.generated && !atTerminal) {
    if (!isLoopback(opts.host))
      ctx.io.stderr.write(
        `Admin token for the /_emulator/ routes (send Authorization: Bearer TOKEN; set ${ADMIN_TOKEN_VAR} to choose it): ${adminToken.token}\n`,
      );
    else
      ctx.out.info(
        `The /_emulator/ admin routes need the admin token made for this start, shown only at a terminal: set ${ADMIN_TOKEN_VAR} to choose it.`,
      );
  }
  ctx.io.stdout.write(
    `${JSON.stringify({ status: 'ready', url: emulator.url, ...(emulator.uiUrl && { ui: emulator.uiUrl }), pid: process.pid })}\n`,
  );
  for (const line of seededWorkspaceLines(emulator.url, emulator.seeded, atTerminal))
    ctx.out.info(line);
  if (atTerminal) {
    const exports = [
      'export',
      `SVC_BASE_URL=${emulator.url}`,
      ...(headerPrefix !== undefined ? [`SVC_HEADER_PREFIX=${headerPrefix}`] : []),
      ...(adminToken?.generated ? [`${ADMIN_TOKEN_VAR}=${adminToken.token}`] : []),
    ];
    ctx.out.info(`Emulator ready. In another terminal: ${shellLine(exports)}`);
    if (emulator.uiUrl)
      ctx.out.info(`See its data and requests at ${uiLink(emulator.uiUrl, adminToken?.token)}`);
    if (!opts.dataDir)
      ctx.out.info(
        'Its data lives only as long as this process: start it with --data-dir DIR to keep it.',
      );
    ctx.out.info('Press Ctrl-C to stop.');
  }
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) return resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    whenParentGoes(resolve);
  });
  await emulator.close();
  if (ctx.io.stderrIsTTY) ctx.out.info('Emulator stopped.');
}

/**
 * Started by a Node program over an IPC channel (`@svc-cli/svc/emulator`'s startEmulator), the
 * emulator stops when that channel closes: its parent stopped it, or ended, however it
 * ended, and an emulator no one can reach any more is not left behind.
 */
function whenParentGoes(stop: () => void): void {
  if (!process.channel) return;
  process.channel.unref();
  process.once('disconnect', stop);
}

/**
 * Started by a Node program over an IPC channel, a start that fails says why there too, as a
 * code (`EmulatorStartError`'s): what it prints on stderr is for a person. Anything but a
 * usage error is a failure of svc's own, which the program learns of from the exit.
 */
async function tellParentWhy(err: unknown): Promise<void> {
  const send = process.send?.bind(process);
  if (!send || !process.connected || !(err instanceof UsageError)) return;
  const failure: StartFailure = {
    status: 'failed',
    code: err instanceof StartRefused ? err.code : 'invalid-option',
    message: err.message,
  };
  // Sent before the process ends: it may end as soon as this returns.
  await new Promise<void>((resolve) => send(failure, undefined, {}, () => resolve()));
}
