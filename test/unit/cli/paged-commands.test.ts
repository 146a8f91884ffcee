import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/catalogue/operations.js';
import type { Operation, Paging } from '../../../src/catalogue/types.js';
import { declaredLeaves } from '../../../src/cli/declare/ownership.js';
import type { OptionRecord } from '../../../src/cli/declare/options.js';
import { pagingOptions } from '../../../src/cli/declare/paged.js';
import { svcCommands } from '../../../src/commands/index.js';
import { shellLine } from '../../../src/io/shell-words.js';
import { fakeService, fail, ok } from '../../support/fake-service.js';

/**
 * Every paged command against the one rule of paged listings (docs/cli-contract.md, "Paged
 * listings"), found from the catalogue (the operations that page) and the declarations
 * (the command that is each one's home), so that a new paged read is tested as it is
 * declared.
 */

const leaves = declaredLeaves(svcCommands);

/** The paging flags every row gets, and whether each takes a value. */
const pagingFlags = new Map(
  Object.values(pagingOptions).map((declared) => {
    const option = declared.build();
    return [option.long ?? option.flags, option.required || option.optional];
  }),
);

/**
 * The words of a command's first example after `svc` and the command's own words, less the
 * paging flags and `--json`: the filters a listing needs to be sent. A command's required
 * flags are not always enough (`notifications list` needs a document or a user as well),
 * and its examples work when pasted.
 */
function filtersOf(path: string, example: string): string[] {
  const words = example.split(/\s+/);
  const end = words.findIndex((word) => ['|', '>', '#', '&&', ';'].includes(word));
  const line = end === -1 ? words : words.slice(0, end);
  const prefix = ['svc', ...path.split(' ')];
  expect(line.slice(0, prefix.length), `${path}: ${example}`).toEqual(prefix);
  const filters: string[] = [];
  for (let i = prefix.length; i < line.length; i++) {
    const word = line[i] ?? '';
    expect(word, `${path}: its first example is one plain command line`).not.toMatch(/['"$`]/);
    if (word === '--json') continue;
    const takesValue = pagingFlags.get(word);
    if (takesValue === undefined) filters.push(word);
    else if (takesValue) i++;
  }
  return filters;
}

// The paged reads whose data is one list; the user-data export's is an object of lists,
// which its command reads to the end, as its own end-to-end test holds.
const pagedCommands = operations
  .filter((op) => (op as Operation).paging !== undefined && op.table.rows === 'list')
  .map((op) => {
    const homes = leaves.filter(({ declaration }) =>
      (declaration.sends ?? []).some((sent) => sent.operation === op.name),
    );
    expect(homes, `${op.name}: one home`).toHaveLength(1);
    const { path, declaration } = homes[0] as (typeof homes)[number];
    const options = Object.values(declaration.options as OptionRecord);
    const required = options
      .filter((declared) => declared.mandatory)
      .map((declared) => declared.build().long ?? '');
    return {
      path,
      op: op as Operation & { paging: Paging },
      argv: [...path.split(' '), ...filtersOf(path, declaration.examples[0] ?? '')],
      required,
      flags: options.map((declared) => declared.build().long),
    };
  });

/** Seven items, whatever the listing: each has what any listing's table shows. */
const items = Array.from({ length: 7 }, (_, i) => ({
  id: `i${i + 1}`,
  userId: `i${i + 1}`,
  timestamp: Date.UTC(2026, 0, 1, 0, 0, i + 1),
  featureType: 'custom',
  actionType: 'item.listed',
  actionUser: { userId: 'u1' },
  metadata: { organizationId: 'acme', documentId: 'spec' },
}));
const ids = (list: readonly { id: string }[]) => list.map((item) => item.id);

/**
 * The service's pages of `items`: `pageSize` of them (3 when the request gives none), and
 * the next page's token under the member the operation's paging names, absent on the last.
 */
function pagesUnder(next: Paging['next']) {
  return (data: Record<string, unknown>) => {
    const start = typeof data.pageToken === 'string' ? Number(data.pageToken.slice(6)) : 0;
    const size = Number(data.pageSize ?? 3);
    const end = Math.min(start + size, items.length);
    return ok(items.slice(start, end), end < items.length ? { [next]: `after-${end}` } : {});
  };
}

describe.each(pagedCommands)('svc $path', ({ op, argv, required, flags }) => {
  const page = pagesUnder(op.paging.next);
  const sentPages = (sent: Record<string, unknown>[]) =>
    sent.map((data) => [data.pageSize, data.pageToken]);

  it('is a paged row: it takes the paging flags, and its first example gives its required ones', () => {
    for (const flag of pagingFlags.keys()) expect(flags).toContain(flag);
    for (const flag of required) expect(argv).toContain(flag);
  });

  it('prints one page by default, and on stderr the command that continues it', async () => {
    const fake = fakeService({ [op.path]: page });
    const r = await fake.run(argv);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    expect(sentPages(fake.sent(op.path))).toEqual([[undefined, undefined]]);
    const line = shellLine(['svc', ...argv, '--page-token', 'after-3']);
    expect(r.stderr.endsWith(`continue with: ${line}\n`), r.stderr).toBe(true);
  });

  it('continues from --page-token, and says nothing more after the last page', async () => {
    const fake = fakeService({ [op.path]: page });
    const r = await fake.run([...argv, '--page-token', 'after-6', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(JSON.parse(r.stdout) as { id: string }[])).toEqual(['i7']);
    expect(r.stderr).toBe('');
  });

  it('--all stops, exit 1 and stdout empty, when the service names the page it sent as the next', async () => {
    const fake = fakeService({
      [op.path]: (data: Record<string, unknown>) =>
        ok(items.slice(0, 3), { [op.paging.next]: String(data.pageToken ?? 'again') }),
    });
    const r = await fake.run([...argv, '--all', '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('the service answered the page token it was sent (again)');
    expect(fake.sent(op.path)).toHaveLength(2);
  });

  it('--all follows every page to the end, printing one JSON array with --json', async () => {
    const fake = fakeService({ [op.path]: page });
    const r = await fake.run([...argv, '--all', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(JSON.parse(r.stdout) as { id: string }[])).toEqual(ids(items));
    expect(sentPages(fake.sent(op.path))).toEqual([
      [undefined, undefined],
      [undefined, 'after-3'],
      [undefined, 'after-6'],
    ]);
    expect(r.stderr).toBe('');
  });

  it('--all --json prints on a terminal the text JSON.stringify gives for the whole array', async () => {
    const fake = fakeService({ [op.path]: page });
    const r = await fake.run([...argv, '--all', '--json'], { tty: true });
    expect(r.stdout).toBe(`${JSON.stringify(items, null, 2)}\n`);
  });

  it('--limit N stops after N, asking for no more than it still needs', async () => {
    const fake = fakeService({ [op.path]: page });
    const r = await fake.run([...argv, '--limit', '5', '--page-size', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(JSON.parse(r.stdout) as { id: string }[])).toEqual(ids(items.slice(0, 5)));
    expect(sentPages(fake.sent(op.path))).toEqual([
      [3, undefined],
      [2, 'after-3'],
    ]);
    expect(r.stderr).toContain('--page-token after-5');

    const one = fakeService({ [op.path]: page });
    const first = await one.run([...argv, '--limit', '2', '--json']);
    expect(ids(JSON.parse(first.stdout) as { id: string }[])).toEqual(['i1', 'i2']);
    expect(sentPages(one.sent(op.path))).toEqual([[2, undefined]]);
  });

  it('prints an empty array when nothing matches', async () => {
    const fake = fakeService({ [op.path]: () => ok([]) });
    const r = await fake.run([...argv, '--all', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('[]\n');
  });

  it.each([
    [
      'a page larger than the service sends',
      ['--page-size', String(op.paging.maxPageSize + 1)],
      `--page-size: at most ${op.paging.maxPageSize}`,
    ],
    ['--limit 0', ['--limit', '0'], '--limit must be a whole number of at least 1'],
    ['--limit -1', ['--limit', '-1'], '--limit must be a whole number of at least 1'],
    [
      '--limit with --all',
      ['--limit', '3', '--all'],
      "option '--limit <n>' cannot be used with option '--all'",
    ],
  ])('%s is a usage error, exit 2, with nothing sent', async (_case, extra, message) => {
    const fake = fakeService({});
    const r = await fake.run([...argv, ...extra]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
    expect(fake.all()).toEqual([]);
  });

  it.each([[['--all']], [['--limit', '5', '--page-size', '3']]])(
    '%j --json prints nothing but the error when a later page fails',
    async (extra) => {
      const fake = fakeService({
        [op.path]: (data, call) =>
          call === 0 ? page(data) : fail('INVALID_ARGUMENT', 'Bad page.'),
      });
      const r = await fake.run([...argv, ...extra, '--json']);
      expect(fake.sent(op.path)).toHaveLength(2);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(JSON.parse(r.stderr)).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'Bad page.' },
        exitCode: 2,
      });
    },
  );
});

describe('the paged commands', () => {
  it('are found from the catalogue, one for each operation that pages', () => {
    expect(pagedCommands.length).toBeGreaterThan(0);
    expect(new Set(pagedCommands.map((c) => c.path)).size).toBe(pagedCommands.length);
  });
});
