import type { Command } from 'commander';
import { wholeNumberOption } from './option-values.js';
import type { GlobalOptions } from './globals.js';

/** The flags every bulk command shares (kept apart from the runner: definitions stay cheap). */
export interface BulkFlags extends GlobalOptions {
  file?: string;
  batchSize?: number;
  concurrency?: number;
  resume?: boolean;
  resendUnknown?: boolean;
  allowUnknownFields?: boolean;
}

/**
 * Adds the shared bulk flags. `resumable: false` leaves out `--resume` for a command whose
 * run is not journaled (`users purge` starts jobs rather than answering per item).
 */
export function withBulkOptions(command: Command, { resumable = true } = {}): Command {
  command
    .option(
      '--file <path>',
      'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin',
    )
    .addOption(
      wholeNumberOption(
        '--batch-size <n>',
        'items per request (default: the most the service accepts)',
        { min: 1 },
      ),
    )
    .addOption(
      wholeNumberOption('--concurrency <n>', 'requests in flight at once (default 4)', { min: 1 }),
    )
    .option(
      '--allow-unknown-fields',
      'leave out --file fields (columns, keys) the command does not know, instead of refusing the file',
    );
  if (!resumable) return command;
  return command
    .option(
      '--resume',
      'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input',
    )
    .option(
      '--resend-unknown',
      'with --resume, also send items whose outcome is unknown (they may be applied twice)',
    );
}
