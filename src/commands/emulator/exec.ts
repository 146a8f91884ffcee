import { spawn } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { constants } from 'node:os';
import type { Context } from '../../cli/context.js';
import { environmentTable, EXEC_EMULATOR_VAR } from '../../cli/reference/environment.js';
import { credentialEnvVars } from '../../config/credentials.js';
import { CancelledError, ExitStatus, UsageError } from '../../errors/errors.js';
import { ExitCode } from '../../errors/exit-codes.js';
import type { RunningEmulator } from '../../emulator/server.js';
import { privateTempDir } from '../../io/temp-dir.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { execOptions } from './index.js';
import { ADMIN_TOKEN_VAR, startFromFlags, uiLink } from './server-options.js';
const { rmSync } = process.getBuiltinModule('node:fs');

const KILL_GRACE_MS = 5_000;

type Options = HandlerOptions<typeof execOptions>;

/**
 * svc's variables that a command under the emulator may inherit: those svc reads that hold
 * no secret. Every other `SVC_*` variable is left out, so neither a credential nor a key
 * svc reads (SVC_EMAIL_PROVIDER_KEY…) nor one it may read some day reaches the emulator.
 */
const inheritable = new Set(environmentTable.filter((row) => !row.secret).map((row) => row.name));

/** The environment of the child: the parent's, without svc's secrets or its profile. */
function childEnvironment(parent: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (name.startsWith('SVC_') && !inheritable.has(name)) continue;
    env[name] = value;
  }
  delete env.SVC_PROFILE;
  return env;
}

/** The exit status a shell would report for a child: its code, or 128 + the signal. */
function statusOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return 128 + (signal ? (constants.signals[signal] ?? 1) : 1);
}

export async function run(ctx: Context, opts: Options, argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (!command)
    throw new UsageError('give the command to run after --', {
      hint: 'svc emulator exec -- npm test',
    });

  // A config dir of its own, even when SVC_CONFIG_DIR is set, so the child's profiles never
  // land in the user's real config; made first, so that a temporary directory that cannot be
  // used stops nothing running.
  const ownConfigDir = await privateTempDir('svc-exec-');
  let emulator: RunningEmulator | undefined;
  let adminToken: { token: string } | undefined;
  let headerPrefix: string | undefined;
  try {
    ({ emulator, adminToken, headerPrefix } = await startFromFlags(opts, {
      warn: (line) => ctx.out.warn(line),
      say: (line) => ctx.out.info(line),
      env: ctx.env,
      headerPrefix: ctx.globals.headerPrefix,
    }));
    // For the person at the terminal; a script's stderr stays its command's own.
    if (emulator.uiUrl && ctx.io.stderrIsTTY)
      ctx.out.info(`Emulator UI: ${uiLink(emulator.uiUrl, adminToken?.token)}`);
    const env: Record<string, string | undefined> = {
      ...childEnvironment(ctx.env),
      SVC_BASE_URL: emulator.url,
      [EXEC_EMULATOR_VAR]: emulator.url,
      SVC_CONFIG_DIR: ownConfigDir,
      ...(adminToken && { [ADMIN_TOKEN_VAR]: adminToken.token }),
      // The command's svc speaks the header names the emulator reads.
      ...(headerPrefix !== undefined && { SVC_HEADER_PREFIX: headerPrefix }),
    };
    if (ctx.deps.binPath)
      env.PATH = [dirname(ctx.deps.binPath), env.PATH].filter(Boolean).join(delimiter);
    if (opts.workspace) {
      const ws = emulator.ensureWorkspace({
        ownerEmail: 'owner@example.com',
        name: 'Emulator owner',
      });
      env[credentialEnvVars.workspaceId] = ws.workspaceId;
      env[credentialEnvVars.workspaceToken] = ws.workspaceToken;
      env[credentialEnvVars.apiKey] = ws.apiKey;
      env[credentialEnvVars.authToken] = ws.authToken;
    }

    const status = await new Promise<number>((resolve) => {
      const child = spawn(command, args, { stdio: 'inherit', env });
      // Ctrl-C in a terminal reaches the child too; a signal sent to svc alone is passed on,
      // and a child that ignores it is killed after a grace period rather than left running.
      const forward = () => {
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS).unref();
      };
      ctx.signal.addEventListener('abort', forward, { once: true });
      child.on('error', (err: NodeJS.ErrnoException) => {
        ctx.signal.removeEventListener('abort', forward);
        ctx.out.warn(`cannot run ${command}: ${err.code ?? err.message}`);
        resolve(err.code === 'ENOENT' ? 127 : 126);
      });
      child.on('exit', (code, signal) => {
        ctx.signal.removeEventListener('abort', forward);
        resolve(statusOf(code, signal));
      });
    });
    if (ctx.signal.aborted) {
      // A command that ended of the same Ctrl-C (130) has said so, and an svc in it has said
      // that the emulator and its job end now (SVC_EXEC_EMULATOR_URL): one line is enough.
      if (status === ExitCode.Interrupted) throw new ExitStatus(ExitCode.Interrupted);
      throw new CancelledError('interrupted; the emulator stopped');
    }
    if (status !== 0) throw new ExitStatus(status);
  } finally {
    await emulator?.close();
    rmSync(ownConfigDir, { recursive: true, force: true });
  }
}
