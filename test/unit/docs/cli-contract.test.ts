import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** docs/cli-contract.md against the code it describes. */

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const contract = read('docs/cli-contract.md');

describe('docs/cli-contract.md', () => {
  it('lists every status word svc gives a local failure', () => {
    // The words statusWordFor returns, read from its source: a new one fails here until
    // the contract lists it.
    const source = read('src/errors/exit-codes.ts');
    const body = source.slice(source.indexOf('export function statusWordFor'));
    const words = [...body.matchAll(/return '([A-Z_]+)'/g)].map((m) => m[1]);
    expect(words).toContain('INTERNAL');
    const list = /for a local failure one of ([\s\S]*?)\. Advice/.exec(contract)?.[1] ?? '';
    const listed = [...list.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]);
    expect(words.filter((word) => !listed.includes(word))).toEqual([]);
  });

  it('says that workspace create --json adds the profile to the workspace object', () => {
    const row = contract.split('\n').find((line) => line.startsWith('| `workspace create`'));
    expect(row).toContain('`profile`');
  });

  it('says unknown columns are refused, not dropped', () => {
    expect(contract).not.toMatch(/are dropped/);
    expect(contract).toContain('--allow-unknown-fields');
  });
});
