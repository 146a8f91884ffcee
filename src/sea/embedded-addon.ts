import { join } from 'node:path';
import { getRawAsset } from 'node:sea';
import envPaths from 'env-paths';
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
  const addon = { exports: {} };
  process.dlopen(addon, privateCopy(dir, name, bytes, warn));
  return addon.exports;
}
