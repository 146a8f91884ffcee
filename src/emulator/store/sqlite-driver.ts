import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// The single executable replaces this module (tsup.binary.config.ts): it carries the driver
// inside itself instead of resolving it from node_modules.

/**
 * The SQLite driver for the running Node. better-sqlite3 12 builds on node::ObjectWrap, whose
 * destructor aborts the whole process on Node 24.19 and later when a collected statement is
 * finalized outside a JavaScript context. Version 13 is built on Node-API and free of that,
 * but needs Node 22, so Node 20 keeps version 12. Both have the same API.
 */
export function sqliteDriver(): typeof BetterSqlite3 {
  const major = Number(process.versions.node.split('.')[0]);
  const require = createRequire(import.meta.url);
  return require(major >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3') as typeof BetterSqlite3;
}
