import { readFileSync } from 'node:fs';
import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/catalogue/operations.js';
import type { Operation } from '../../../src/catalogue/types.js';
import { resumableBulkOptions } from '../../../src/cli/bulk-options.js';
import { defineCommand } from '../../../src/cli/declare/command.js';
import { opt } from '../../../src/cli/declare/options.js';
import {
  docSections,
  numberList,
  traits,
  usageOf,
  type DocSection,
} from '../../../src/cli/reference/doc-sections.js';
import { svcCommands } from '../../../src/commands/index.js';
import { runCli } from '../../support/harness.js';

/**
 * The parts of docs/api.md, docs/cli-contract.md and README.md that `npm run generate` writes
 * from the catalogue and the command tree, made again here, in process, and held equal to the
 * committed copies: a new operation, command or flag fails here until they are regenerated.
 */

const sections = docSections(svcCommands);

const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

/** What a file holds between a section's markers, as `npm run generate` writes it. */
function committed(section: DocSection): string | undefined {
  const text = read(section.file);
  const from = text.indexOf(`${section.start}\n\n`);
  if (from === -1 || text.indexOf(section.start, from + 1) !== -1) return undefined;
  const to = text.indexOf(`\n\n${section.end}`, from);
  return to === -1 ? undefined : text.slice(from + section.start.length + 2, to);
}

describe('the generated sections of the docs', () => {
  it.each(sections.map((section) => [`${section.file}: ${section.name}`, section] as const))(
    '%s is current (run `npm run generate`)',
    (_name, section) => {
      expect(
        committed(section),
        `${section.file} lacks one pair of ${section.start} … ${section.end}`,
      ).toBeDefined();
      expect(committed(section)).toBe(section.text);
    },
  );

  it('are left as they are by prettier, which checks the documents', async () => {
    for (const section of sections) {
      expect(await format(section.text, { parser: 'markdown' }), section.name).toBe(
        `${section.text}\n`,
      );
    }
  });

  it('have names of their own', () => {
    expect(new Set(sections.map((s) => s.name)).size).toBe(sections.length);
  });
});

describe('svc help doc-section', () => {
  it('prints a section in Markdown, and every one with its file and markers under --json', async () => {
    const [first] = sections;
    if (!first) throw new Error('no sections');
    const one = await runCli(['help', 'doc-section', first.name]);
    expect(one.code).toBe(0);
    expect(one.stdout).toBe(`${first.text}\n`);
    const all = await runCli(['help', 'doc-section', '--json']);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout)).toEqual(sections);
  });

  it('exits 2 naming the sections for an unknown one', async () => {
    const r = await runCli(['help', 'doc-section', 'nothing']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no doc section named "nothing"');
    expect(r.stderr).toContain(sections.map((s) => s.name).join(', '));
  });

  it('is not among the topics help lists', async () => {
    const r = await runCli(['help', 'help']);
    expect(r.stdout).not.toContain('doc-section');
  });
});

describe('the trait table', () => {
  it('has a row for every yes-or-no member of an operation', () => {
    const members = new Set<string>(traits.map((t) => t.member));
    for (const op of operations as readonly Operation[]) {
      for (const [key, value] of Object.entries(op)) {
        if (typeof value === 'boolean') expect(members.has(key), key).toBe(true);
      }
    }
  });
});

describe('usage from a declaration', () => {
  it('brackets what may be left out, marks repeats, shows choices and joins conflicting flags', () => {
    const declaration = defineCommand({
      name: 'list',
      summary: 'List things',
      arguments: [{ name: '<path>', description: 'where' }],
      options: {
        org: opt.id('--org <id>', 'organization').required(),
        doc: opt.id('--doc <id>', 'document').conflicts('folder'),
        folder: opt.id('--folder <id>', 'folder'),
        user: opt.ids('--user <id...>', 'users'),
        order: opt.choice('--order <order>', 'order', ['asc', 'desc']),
        trigger: opt.list('--trigger <name=on/off>', 'events'),
        encode: opt.switch('--encode', 'encode').negatedBy('--no-encode', 'do not'),
        ...resumableBulkOptions,
      },
      examples: [],
      run: () => Promise.reject(new Error('not run')),
    });
    expect(usageOf({ path: 'things list', declaration })).toBe(
      'svc things list PATH --org ID [--doc ID / --folder ID] [--user ID…] [--order asc/desc] [--trigger NAME=on/off…] [--encode/--no-encode] [--file PATH]',
    );
  });

  it('writes numbers as the documents do, runs of three or more as a range', () => {
    expect(numberList([9, 2, 8, 10, 4, 3, 101])).toBe('2–4, 8–10, 101');
    expect(numberList([1, 2, 5])).toBe('1, 2, 5');
  });
});
