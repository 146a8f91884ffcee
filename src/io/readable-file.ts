import type { Stats } from 'node:fs';
import { UsageError } from '../errors/errors.js';
import { fileReason } from './file-reason.js';
const { accessSync, constants, statSync } = process.getBuiltinModule('node:fs');

/**
 * What is at `path` when svc can read it as a file: a usage error that says `cannot read
 * <label>` otherwise (missing, unreadable, a directory). Commander's parsers call it as the
 * line is read, and the bulk source again when it opens the file, with one message.
 */
export function readableFile(path: string, label: string, options: { hint?: string } = {}): Stats {
  let info: Stats;
  try {
    accessSync(path, constants.R_OK);
    info = statSync(path);
  } catch (err) {
    throw new UsageError(`cannot read ${label}: ${fileReason(err)}`, options);
  }
  if (info.isDirectory()) throw new UsageError(`cannot read ${label}: it is a directory`, options);
  return info;
}
