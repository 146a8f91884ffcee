import { ownPrefix } from '../../config/header-prefix.js';
import { resolve } from 'node:path';
import type { Context } from '../../cli/context.js';
import {
  DEFAULT_OWNER,
  emulatorEnvironment,
  EmulatorStartError,
  fixtureOwners,
  launchEmulator,
  seedFixture,
  svcCommand,
  svcEnvironment,
} from '../../emulator/launch.js';
import { UsageError } from '../../errors/errors.js';
import { processAlive } from '../../io/temp-dir.js';
import { shellLine } from '../../io/shell-words.js';
import { buildKind } from '../../sea/build-kind.js';
import {
  detachedFiles,
  makeDetachedDir,
  readDetachedState,
  removeDetachedState,
  writePrivateFile,
  type DetachedState,
} from './detached-state.js';
import { adminTokenFrom, SEED_JSON_VAR, uiLink } from './server-options.js';
import type { StartFlags } from './start.js';
const { closeSync, openSync, readFileSync } = process.getBuiltinModule('node:fs');

/**
 * The flags of the emulator left running, as `svc emulator start` takes them. Paths are made
 * absolute, so they mean what they meant here whatever the emulator's directory becomes.
 */
function startArgs(opts: StartFlags): string[] {
  const args = ['emulator', 'start', '--port', String(opts.port), '--host', opts.host];
  if (opts.dataDir) args.push('--data-dir', resolve(opts.dataDir));
  if (opts.seed) args.push('--seed', resolve(opts.seed));
  if (opts.jobDelay !== undefined)
    args.push('--job-delay', opts.jobDelay === 'manual' ? 'manual' : `${opts.jobDelay}ms`);
  if (opts.faults !== undefined)
    args.push(
      '--faults',
      opts.faults.startsWith('@') ? `@${resolve(opts.faults.slice(1))}` : opts.faults,
    );
  for (const name of opts.consoleOption ?? []) args.push('--console-option', name);
  for (const host of opts.allowedContinueHost ?? []) args.push('--allowed-continue-host', host);
  for (const host of opts.allowedHost ?? []) args.push('--allowed-host', host);
  for (const host of opts.webhookHost ?? []) args.push('--webhook-host', host);
  if (opts.openaiUrl) args.push('--openai-url', opts.openaiUrl);
  if (opts.anthropicUrl) args.push('--anthropic-url', opts.anthropicUrl);
  if (opts.googleUrl) args.push('--google-url', opts.googleUrl);
  if (opts.ui === true) args.push('--ui');
  if (opts.ui === false) args.push('--no-ui');
  if (opts.insecure === true) args.push('--insecure');
  if (opts.adminToken === false) args.push('--no-admin-token');
  return args;
}

/**
 * One `export NAME='value'` a line: `. FILE` in sh or bash hands the variables to the commands
 * run after it (without `export` they would stay shell variables, and svc would quietly use
 * a stored profile). The CI action's start step parses the same lines without sourcing them.
 */
function envLines(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => {
      // Ids, tokens and loopback URLs never need more than the quotes; anything that would is
      // refused rather than written in a form the shell and the CI parser read differently.
      if (!/^[\w.:/@+=~-]*$/.test(value))
        throw new Error(`${name} holds characters an env file cannot carry`);
      return `export ${name}='${value}'\n`;
    })
    .join('');
}

/**
 * `svc emulator start --detach`: starts the emulator in a process of its own that outlives
 * this one, waits until it answers, reads the workspace's credentials back over its admin
 * route, records them in the private state directory and prints the ready line.
 */
export async function runDetached(ctx: Context, opts: StartFlags): Promise<void> {
  if (opts.admin === false)
    throw new UsageError(
      "--detach reads the workspace's credentials through the admin routes: drop --no-admin",
    );
  // The seed's owners are read from the seed file, to read their credentials back.
  if (ctx.env[SEED_JSON_VAR] !== undefined)
    throw new UsageError(`--detach takes its seed from --seed FILE, not ${SEED_JSON_VAR}`);
  const files = detachedFiles(ctx.env, (line) => ctx.out.warn(line));
  const running = readDetachedState(files);
  if (running && processAlive(running.pid))
    throw new UsageError(
      `an emulator started with --detach is already running at ${running.url} (pid ${running.pid})`,
      { hint: 'svc emulator stop' },
    );
  // Chosen here, where it is needed to read the credentials back, and handed to the emulator
  // in its environment, never on its command line.
  const token = adminTokenFrom(opts, ctx.env)?.token;
  // The credential headers it reads, when not the contract's: passed on, and written with
  // its URL so that `. FILE` points svc at both.
  const headerPrefix = ownPrefix(ctx.explicitHeaderPrefix());
  makeDetachedDir(files);
  removeDetachedState(files);
  const owners = opts.seed
    ? fixtureOwners(JSON.parse(readFileSync(opts.seed, 'utf8')) as unknown)
    : [DEFAULT_OWNER];

  const logFd = openSync(files.log, 'w', 0o600);
  let launched: Awaited<ReturnType<typeof launchEmulator>>;
  try {
    launched = await launchEmulator({
      command: svcCommand(ctx.deps.binPath ?? process.argv[1] ?? '', buildKind() === 'binary'),
      startArgs: [
        ...startArgs(opts),
        ...(headerPrefix !== undefined ? ['--header-prefix', headerPrefix] : []),
      ],
      env: emulatorEnvironment(ctx.env, token),
      stdio: ['ignore', 'pipe', logFd],
      detached: true,
      stderrSoFar: () => readFileSync(files.log, 'utf8'),
    });
  } catch (err) {
    // The emulator's own words (a port in use, a bad seed file) are the reason.
    if (err instanceof EmulatorStartError) throw new UsageError(err.message);
    throw err;
  } finally {
    closeSync(logFd);
  }
  const { child, ready } = launched;
  // It writes nothing more on stdout; this process may now end without it.
  child.stdout?.destroy();
  child.unref();
  try {
    const admin = { url: ready.url, token };
    const [workspace] = await seedFixture(admin, JSON.stringify({ workspaces: owners }));
    const state: DetachedState = {
      pid: ready.pid,
      url: ready.url,
      ...(ready.ui && { ui: ready.ui }),
      log: files.log,
      env: files.env,
      startedAt: new Date().toISOString(),
    };
    writePrivateFile(files.env, envLines(svcEnvironment(admin, workspace, headerPrefix)));
    writePrivateFile(files.state, `${JSON.stringify(state, null, 2)}\n`);
    ctx.io.stdout.write(
      `${JSON.stringify({ status: 'ready', url: ready.url, ...(ready.ui && { ui: ready.ui }), pid: ready.pid, env: files.env })}\n`,
    );
  } catch (err) {
    child.kill('SIGTERM');
    removeDetachedState(files);
    throw err;
  }
  if (ctx.io.stderrIsTTY) {
    ctx.out.info(`Emulator running in the background at ${ready.url} (pid ${ready.pid}).`);
    if (ready.ui) ctx.out.info(`See its data and requests at ${uiLink(ready.ui, token)}`);
    ctx.out.info(`Its credentials, for this shell: ${shellLine(['.', files.env])}`);
    ctx.out.info('Stop it with: svc emulator stop');
  }
}
