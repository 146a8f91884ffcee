import type { GlobalOptions } from '../../cli/globals.js';
import { UsageError } from '../../errors/errors.js';

export interface ServerFlags extends GlobalOptions {
  port: string;
  host: string;
  dataDir?: string;
}

export function parseServerFlags(opts: ServerFlags): {
  port: number;
  host: string;
  dataDir?: string;
} {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${opts.port}"`);
  }
  return { port, host: opts.host, ...(opts.dataDir && { dataDir: opts.dataDir }) };
}
