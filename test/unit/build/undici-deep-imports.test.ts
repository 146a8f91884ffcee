import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * The bundle takes undici's agent from the package's private files (scripts/perf-undici-entry.mjs)
 * and swaps its HTTP/2 client for a stub (scripts/perf-undici-no-h2.cjs). Private files may move
 * in any release, so undici is pinned exactly, and these checks name what to revisit when an
 * upgrade moves them, before a build quietly bundles the wrong thing.
 */
const root = new URL('../../../', import.meta.url);
const require = createRequire(root);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

// A development dependency: the bundle carries it, so the package needs nothing of it.
const manifest = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> };
const installed = (JSON.parse(read('node_modules/undici/package.json')) as { version: string })
  .version;

describe('undici private files the build relies on', () => {
  it('pins undici to one exact version, the one installed', () => {
    expect(
      manifest.devDependencies.undici,
      'undici must be pinned exactly: the build reaches into its private files',
    ).toBe(installed);
  });

  it('still has every private module the bundle entry imports', () => {
    const entry = read('scripts/perf-undici-entry.mjs');
    const deep = [...entry.matchAll(/from '(undici\/lib\/[^']+)'/g)].map((m) => m[1] ?? '');
    expect(deep.length).toBeGreaterThan(0);
    for (const path of deep) {
      expect(
        () => require.resolve(path),
        `undici ${installed} has no ${path}: update scripts/perf-undici-entry.mjs`,
      ).not.toThrow();
    }
  });

  it('still loads its HTTP/2 client from the file the build replaces', () => {
    const client = read('node_modules/undici/lib/dispatcher/client.js');
    expect(
      client,
      `undici ${installed} no longer requires ./client-h2.js from lib/dispatcher/client.js: ` +
        'update the client-h2 rule in tsup.config.ts, or HTTP/2 is bundled again',
    ).toContain("require('./client-h2.js')");
  });
});
