import { join } from 'node:path';
import { getRawAsset } from 'node:sea';
import envPaths from 'env-paths';
import { ConfigFileError, SvcError } from '../errors/errors.js';
import { privateCopy } from './private-copy.js';

/**
 * The native addon that the single executable carries as the asset `key` (`<stem>.node`).
 * The dynamic loader only opens files, so it is written once to a private cache file and
 * loaded from there; later runs load the same file.
 */
export function loadEmbeddedAddon(key: string): object {
  const dir = join(envPaths('svc', { suffix: '' }).cache, 'native');
  const bytes = new Uint8Array(getRawAsset(key) as ArrayBuffer);
  const name = { stem: key.replace(/\.node$/, ''), ext: '.node' };
  const warn = (message: string) => process.stderr.write(`warning: ${message}\n`);
  let path: string;
  try {
    path = privateCopy(dir, name, bytes, warn);
  } catch (error) {
    if (error instanceof SvcError) throw error;
    throw new ConfigFileError(
      `cannot keep the emulator's SQLite library in ${dir}: ${(error as Error).message}`,
      { hint: 'set XDG_CACHE_HOME to a folder of your own', cause: error },
    );
  }
  const addon = { exports: {} };
  process.dlopen(addon, path);
  return addon.exports;
}
