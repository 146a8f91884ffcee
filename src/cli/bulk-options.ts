import type { GlobalOptions } from './globals.js';
import { opt, type OptionsOf } from './declare/options.js';

/** The bulk flags of a command whose run is not journaled (`users purge` starts jobs). */
export const bulkOptions = {
  file: opt.file(
    '--file <path>',
    'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin',
    { stdin: true },
  ),
  batchSize: opt.wholeNumber(
    '--batch-size <n>',
    'items per request (default: the most the service accepts)',
    { min: 1 },
  ),
  concurrency: opt.wholeNumber('--concurrency <n>', 'requests in flight at once (default 4)', {
    min: 1,
  }),
  allowUnknownFields: opt.switch(
    '--allow-unknown-fields',
    'leave out --file fields (columns, keys) the command does not know, instead of refusing the file',
  ),
  // Commands whose items are objects read a CSV's header as field names, whatever these say.
  header: opt
    .switch('--header', 'a --file list of ids, one a line: its first line is a header, skip it')
    .negatedBy('--no-header', 'a --file list of ids, one a line: its first line is an id too'),
};

/** The bulk flags with `--resume`: for runs that are journaled item by item. */
export const resumableBulkOptions = {
  ...bulkOptions,
  resume: opt.switch(
    '--resume',
    'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input',
  ),
  restart: opt.switch(
    '--restart',
    'send every item again although a run that stopped did not finish (some may be applied twice)',
  ),
  resendUnknown: opt.switch(
    '--resend-unknown',
    'with --resume, also send items whose outcome is unknown (they may be applied twice)',
  ),
};

/** What a bulk run reads of its flags: the shared bulk flags, as declared, and the globals. */
export type BulkFlags = GlobalOptions & OptionsOf<typeof resumableBulkOptions>;
