import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import type { Operation } from '../../../src/catalogue/types.js';
import { bulkOptions, resumableBulkOptions } from '../../../src/cli/bulk-options.js';
import type { OptionRecord } from '../../../src/cli/declare/options.js';
import { declaredLeaves } from '../../../src/cli/declare/ownership.js';
import { pagingOptions } from '../../../src/cli/declare/paged.js';
import { svcCommands } from '../../../src/commands/index.js';
import { section } from '../../support/api-doc.js';

/**
 * docs/cli-contract.md's hand-written text against the code it describes. Its command table
 * and its lists of paged, bulk, waiting and confirming commands are written by `npm run
 * generate`, and generated-sections.test.ts holds them current.
 */

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const contract = read('docs/cli-contract.md');
const leaves = declaredLeaves(svcCommands);
const sorted = (list: Iterable<string>) => [...new Set(list)].sort();

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

  it('describes the shared bulk flags once, in Bulk commands', () => {
    const bulkSection = section(contract, '### Bulk commands');
    for (const option of Object.values(resumableBulkOptions).flatMap((o) => o.buildAll())) {
      expect(bulkSection, option.long).toMatch(new RegExp(`${option.long ?? ''}(?![a-z-])`));
    }
  });

  it('describes the paging flags in Paged listings', () => {
    const paged = section(contract, '### Paged listings');
    for (const option of Object.values(pagingOptions).flatMap((o) => o.buildAll())) {
      expect(paged, option.long).toMatch(new RegExp(`${option.long ?? ''}(?![a-z-])`));
    }
  });

  it('lists every flag that takes one of a fixed set of values', () => {
    const listed = /fixed sets\s+of values \(([^)]*)\)/.exec(contract)?.[1] ?? '';
    const choices = leaves.flatMap(({ declaration }) =>
      Object.values(declaration.options as OptionRecord)
        .flatMap((declared) => declared.buildAll())
        .filter((option) => option.argChoices !== undefined)
        .map((option) => option.long ?? ''),
    );
    expect(choices.length).toBeGreaterThan(0);
    expect(sorted([...listed.matchAll(/`(--[a-z-]+)`/g)].map((m) => m[1] ?? ''))).toEqual(
      sorted(choices),
    );
  });

  it('gives the batch limits of the bulk commands', () => {
    const said = /batch limit, ([\d, or]+)\)/.exec(contract)?.[1] ?? '';
    const limits = leaves
      .filter(({ declaration }) => declaration.options.file === bulkOptions.file)
      .flatMap(({ declaration }) => declaration.sends ?? [])
      .map((sent) => String((operation(sent.operation) as Operation).bulk?.maxBatch));
    expect(sorted(said.split(/,\s*|\s+or\s+/))).toEqual(sorted(limits));
  });
});
