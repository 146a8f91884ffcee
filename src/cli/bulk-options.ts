import type { Command } from 'commander';
import type { GlobalOptions } from './globals.js';

/** The flags every bulk command shares (kept apart from the runner: definitions stay cheap). */
export interface BulkFlags extends GlobalOptions {
  file?: string;
  batchSize?: string;
  concurrency?: string;
}

export function withBulkOptions(command: Command): Command {
  return command
    .option(
      '--file <path>',
      'items from a JSON array, NDJSON or CSV file (wire field names); - for stdin',
    )
    .option('--batch-size <n>', 'items per request (default: the most the service accepts)')
    .option('--concurrency <n>', 'requests in flight at once (default 4)');
}
