import type { GlobalOptions } from '../../cli/globals.js';
import type { FaultPlan } from '../../emulator/faults.js';
import type { EmulatorOptions, RunningEmulator } from '../../emulator/server.js';
import { UsageError } from '../../errors/errors.js';
import { isLoopback } from '../../http/loopback.js';
import { formatIssues } from '../../http/validation.js';
import { parseJsonArg, readTextArg } from '../../io/input.js';

export interface ServerFlags extends GlobalOptions {
  port: number;
  host: string;
  dataDir?: string;
  seed?: string;
  jobDelay?: number | 'manual';
  openaiUrl?: string;
  anthropicUrl?: string;
  googleUrl?: string;
  faults?: string;
  /** false with --no-admin */
  admin?: boolean;
}

export function parseServerFlags(opts: ServerFlags): EmulatorOptions & {
  port: number;
  host: string;
} {
  return {
    port: opts.port,
    host: opts.host,
    ...(opts.dataDir && { dataDir: opts.dataDir }),
    ...(opts.seed && { seed: opts.seed }),
    ...(opts.jobDelay !== undefined && { jobDelay: opts.jobDelay }),
    ...(opts.admin === false && { adminRoutes: false }),
    // Providers not named keep their public API.
    aiProviderUrls: {
      ...(opts.openaiUrl && { openai: opts.openaiUrl }),
      ...(opts.anthropicUrl && { anthropic: opts.anthropicUrl }),
      ...(opts.googleUrl && { google: opts.googleUrl }),
    },
  };
}

/** `--faults JSON` or `--faults @file`: a fault plan (docs/emulator-faults.md), checked. */
async function readFaultPlan(value: string): Promise<FaultPlan> {
  if (value === '-') throw new UsageError('--faults takes JSON or @file, not stdin');
  const text = await readTextArg(value, process.stdin, '--faults');
  const { faultPlan } = await import('../../emulator/faults.js');
  const parsed = faultPlan.safeParse(await parseJsonArg(text, '--faults'));
  if (!parsed.success) {
    throw new UsageError(`--faults is not a fault plan: ${formatIssues(parsed.error.issues)}`);
  }
  return parsed.data;
}

/**
 * Said when the admin routes face the network: they reset, seed and export every workspace,
 * tokens included, for anyone who can connect.
 */
export function exposureWarning(host: string, adminRoutes: boolean): string | undefined {
  if (!adminRoutes || isLoopback(host)) return undefined;
  return (
    `--host ${host} makes the /_emulator/ admin routes, which can export every token, ` +
    'reachable from the network; pass --no-admin to switch them off'
  );
}

/**
 * Starts the emulator for a command; a bad seed file or a port in use is a usage error.
 * `warn` hears of a start that exposes the admin routes.
 */
export async function startFromFlags(
  opts: ServerFlags,
  warn: (line: string) => void,
): Promise<RunningEmulator> {
  const options = {
    ...parseServerFlags(opts),
    ...(opts.faults !== undefined && { faults: await readFaultPlan(opts.faults) }),
  };
  const { startEmulator, EmulatorError } = await import('../../emulator/server.js');
  let emulator: RunningEmulator;
  try {
    emulator = await startEmulator(options);
  } catch (err) {
    if (err instanceof EmulatorError) throw new UsageError(err.message);
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${options.port} is already in use`);
    if (code === 'EACCES')
      throw new UsageError(`not allowed to listen on ${options.host}:${options.port}`);
    if (code === 'EADDRNOTAVAIL') throw new UsageError(`cannot bind to address ${options.host}`);
    throw err;
  }
  const warning = exposureWarning(options.host, options.adminRoutes !== false);
  if (warning) warn(warning);
  return emulator;
}
