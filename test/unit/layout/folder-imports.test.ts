import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No two folders of src/ import each other: each has a place below the ones that use it
 * (docs/architecture.md, "Layout"). Imports are read as text: every `from '…'` and
 * `import('…')` specifier that leads to another file of src/, type imports included.
 */

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(m|c)?ts$/.test(entry.name)) yield path;
  }
}

/** `from './x.js'`, `import './x.js'` and `import('./x.js')`: the relative specifiers. */
const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.\.?\/[^'"]+)['"]/g;

/** The top folder of src/ a file is in (`cli` for src/cli/declare/x.ts); none for src/x.ts. */
function folderOf(file: string): string | undefined {
  const parts = relative(src, file).split('/');
  return parts.length > 1 ? parts[0] : undefined;
}

/** Each import from one top folder into another, as `cli/x.ts -> commands/y.ts`. */
function crossFolderImports(): { from: string; to: string; edge: string }[] {
  const found = [];
  for (const file of sourceFiles(src)) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(specifier)) {
      const target = resolve(dirname(file), spec!).replace(/\.js$/, '.ts');
      if (!target.startsWith(`${src}/`)) continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === undefined || to === undefined || from === to) continue;
      found.push({ from, to, edge: `${relative(src, file)} -> ${relative(src, target)}` });
    }
  }
  return found;
}

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

describe('folders of src/', () => {
  const imports = crossFolderImports();
  const pairs = new Set(imports.map(({ from, to }) => `${from} -> ${to}`));
  const backEdges = imports
    .filter(({ from, to }) => pairs.has(`${to} -> ${from}`))
    .map(({ from, to, edge }) => ({ pair: [from, to].sort().join(' <-> '), edge }));

  it('reads the imports it judges', () => {
    // A scan that found nothing would pass everything.
    expect(pairs.has('cli -> config')).toBe(true);
    expect(pairs.has('commands -> cli')).toBe(true);
  });

  it('no two import each other', () => {
    // For each pair that imports both ways, the imports of the direction that has the
    // fewest: those are the ones that run back up.
    const byPair = groupBy(backEdges, ({ pair }) => pair);
    const back: string[] = [];
    for (const edges of byPair.values()) {
      const byDirection = groupBy(edges, ({ edge }) => edge.split('/')[0] ?? '');
      const fewest = [...byDirection.values()].sort((a, b) => a.length - b.length)[0] ?? [];
      back.push(...fewest.map(({ edge }) => edge));
    }
    expect(back.sort()).toEqual([]);
  });
});
