import Database from 'better-sqlite3';
import { loadEmbeddedAddon } from './embedded-addon.js';

/** The asset name of better-sqlite3 13's Node-API addon (scripts/build-binary.mjs). */
export const SQLITE_ADDON_ASSET = 'better_sqlite3.node';

let addon: object | undefined;

/**
 * The single executable's SQLite driver, in place of src/emulator/store/sqlite-driver.ts:
 * better-sqlite3 13, bundled (`better-sqlite3` resolves to it in this build), opening every
 * database with the addon the executable carries. Node-API keeps that one addon valid for
 * the embedded Node, whatever its version.
 */
export function sqliteDriver(): typeof Database {
  return new Proxy(Database, {
    construct(target, [filename, options]: unknown[]) {
      addon ??= loadEmbeddedAddon(SQLITE_ADDON_ASSET);
      // Version 13 takes the loaded addon itself as `nativeBinding` (its types say a path).
      return Reflect.construct(target, [filename, { ...(options ?? {}), nativeBinding: addon }]);
    },
  });
}
