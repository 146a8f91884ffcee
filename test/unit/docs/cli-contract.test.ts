import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isDestructive } from '../../../src/catalogue/destructive.js';
import { operation } from '../../../src/catalogue/operations.js';
import type { Operation } from '../../../src/catalogue/types.js';
import { bulkOptions, resumableBulkOptions } from '../../../src/cli/bulk-options.js';
import type { OptionRecord } from '../../../src/cli/declare/options.js';
import { declaredLeaves } from '../../../src/cli/declare/ownership.js';
import { svcCommands } from '../../../src/commands/index.js';
import { numbersIn, section, tableRows } from '../../support/api-doc.js';

/** docs/cli-contract.md against the code it describes. */

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const contract = read('docs/cli-contract.md');
const leaves = declaredLeaves(svcCommands);
const sorted = (list: Iterable<string>) => [...new Set(list)].sort();

/**
 * The commands a sentence names in backticks, up to `end`: `docs disable`/`enable` is
 * `docs disable` and `docs enable`; a flag after the command (`--wait`) is left out.
 */
function commandsNamed(text: string, end: string): string[] {
  const upTo = text.slice(0, text.indexOf(end)).replace(/\s+/g, ' ');
  const named: string[] = [];
  for (const m of upTo.matchAll(/(\/)?`([a-z][a-z -]*?)(?: --[a-z-]+)?`/g)) {
    const words = m[2] ?? '';
    const previous = named.at(-1);
    // After a slash, a single word is another command of the same group.
    named.push(
      m[1] && previous && !words.includes(' ') ? `${previous.split(' ')[0]} ${words}` : words,
    );
  }
  return named;
}

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

  it('gives each command that sends an operation the operations it sends', () => {
    const rows = tableRows(section(contract, '## Commands'));
    for (const { path, declaration } of leaves) {
      if (!declaration.sends) continue;
      // `svc docs disable …` / `svc docs enable …`: a row may hold several commands.
      const row = rows.find(([cell = '']) =>
        cell.split(' / ').some((part) => new RegExp(`^\`svc ${path}[ \`]`).test(part)),
      );
      expect(row, `no row for svc ${path}`).toBeDefined();
      const cell = row?.[1] ?? '';
      // `26 (+27)`: the operations it is the home of, then those it also sends.
      const [own = '', also = ''] = cell.split('(+');
      const sends = declaration.sends.map((sent) => operation(sent.operation).number);
      expect(numbersIn(own), `svc ${path}`).toEqual(sends);
      for (const name of declaration.follows ?? []) {
        expect(numbersIn(also.replace(')', '')), `svc ${path}`).toContain(operation(name).number);
      }
    }
  });

  it('names the bulk commands: those that take items from --file', () => {
    const bulk = leaves.filter(({ declaration }) => declaration.options.file === bulkOptions.file);
    expect(bulk.length).toBeGreaterThan(0);
    const text = section(contract, '### Bulk commands');
    expect(sorted(commandsNamed(text, 'take one item from flags'))).toEqual(
      sorted(bulk.map(({ path }) => path)),
    );
  });

  it('names the commands that confirm, and those of a destructive operation that do not', () => {
    const text = section(contract, '## Confirmations');
    const confirming = leaves.filter(({ declaration }) => declaration.confirm !== undefined);
    expect(sorted(commandsNamed(text, '(the operations marked destructive'))).toEqual(
      sorted(confirming.map(({ path }) => path)),
    );
    // The homes of a destructive operation whose fixed fields make it harmless.
    const restoring = leaves.filter(({ declaration }) =>
      (declaration.sends ?? []).some(
        (sent) =>
          operation(sent.operation).destructive &&
          !isDestructive(operation(sent.operation), sent.fixed),
      ),
    );
    const afterMarked = text.slice(text.indexOf('(the operations marked destructive'));
    expect(sorted(commandsNamed(afterMarked, 'only restore access'))).toEqual(
      sorted(restoring.map(({ path }) => path)),
    );
  });

  it('names the commands that wait for jobs', () => {
    const waiting = leaves.filter(({ declaration }) => 'wait' in declaration.options);
    const text = section(contract, '### Waiting for jobs');
    expect(sorted(commandsNamed(text, 'poll until the job ends'))).toEqual(
      sorted(waiting.map(({ path }) => path)),
    );
  });

  it("gives each such command's own flags in its row; the bulk flags are described once", () => {
    const rows = tableRows(section(contract, '## Commands'));
    const shared = new Set(Object.keys(resumableBulkOptions));
    const missing: string[] = [];
    for (const { path, declaration } of leaves) {
      if (!declaration.sends) continue;
      const row = rows.find(([cell = '']) => cell.includes(`\`svc ${path} `))?.[0] ?? '';
      for (const [key, declared] of Object.entries(declaration.options as OptionRecord)) {
        if (shared.has(key)) continue;
        for (const option of declared.buildAll()) {
          const long = option.long ?? '';
          if (!new RegExp(`${long}(?![a-z-])`).test(row)) missing.push(`svc ${path} ${long}`);
        }
      }
    }
    expect(missing).toEqual([]);
    const bulkSection = section(contract, '### Bulk commands');
    for (const option of Object.values(resumableBulkOptions).flatMap((o) => o.buildAll())) {
      expect(bulkSection, option.long).toMatch(new RegExp(`${option.long ?? ''}(?![a-z-])`));
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
