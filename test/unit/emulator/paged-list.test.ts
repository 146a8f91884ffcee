import { describe, expect, it } from 'vitest';
import type { Paging } from '../../../src/catalogue/types.js';
import { EmulatorError } from '../../../src/emulator/errors.js';
import { type FilterValue, listPage, type PageRequest } from '../../../src/emulator/listing.js';
import type { Scope } from '../../../src/emulator/store/scope.js';

/**
 * The list helper of the paged reads, against rows kept in memory: a source that answers
 * "the rows after this key, at most n" as the store's keyset statements do.
 */

const paging: Paging = { next: 'nextPageToken', defaultPageSize: 3, maxPageSize: 5 };
const read = { name: 'things.get', paging };
const scope: Scope = { workspaceId: 'ws', apiKeyId: 'key' };

interface Row {
  at: number;
  id: string;
}

/** Rows in (at, id) order, which can change between pages; records every limit asked for. */
class Source {
  readonly limits: number[] = [];
  private rows: Row[] = [];

  constructor(rows: Row[]) {
    rows.forEach((row) => this.add(row));
  }

  add(row: Row): void {
    this.rows.push(row);
    this.rows.sort(compare);
  }

  remove(id: string): void {
    this.rows = this.rows.filter((row) => row.id !== id);
  }

  all(): Row[] {
    return [...this.rows];
  }

  ids(): string[] {
    return this.rows.map((row) => row.id);
  }

  after(key: readonly [number, string] | undefined, limit: number, order: 'asc' | 'desc'): Row[] {
    this.limits.push(limit);
    const ordered = order === 'asc' ? this.rows : [...this.rows].reverse();
    const sign = order === 'asc' ? 1 : -1;
    const rest =
      key === undefined
        ? ordered
        : ordered.filter((row) => sign * compare(row, { at: key[0], id: key[1] }) > 0);
    return rest.slice(0, limit);
  }
}

function compare(a: Row, b: Row): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function listing(
  source: Source,
  options: {
    order?: 'asc' | 'desc';
    filters?: Record<string, FilterValue>;
    scope?: Scope;
    name?: string;
  } = {},
) {
  const order = options.order ?? 'asc';
  return {
    operation: { ...read, ...(options.name !== undefined && { name: options.name }) },
    scope: options.scope ?? scope,
    filters: options.filters ?? { organizationId: 'acme' },
    order,
    key: ['number', 'string'] as const,
    keyOf: (row: Row) => [row.at, row.id] as const,
    rows: (after: readonly [number, string] | undefined, limit: number) =>
      source.after(after, limit, order),
  };
}

function rowsOf(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    at: Math.floor(i / 2),
    id: `r${String(i).padStart(3, '0')}`,
  }));
}

/** The error a call throws: an EmulatorError, with its status and message. */
function refusal(fn: () => unknown): EmulatorError {
  try {
    fn();
  } catch (error) {
    if (error instanceof EmulatorError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('the list helper of the paged reads', () => {
  it('pages through every row once, in order, asking for one row more than the page', () => {
    const source = new Source(rowsOf(11));
    const ids: string[] = [];
    let request: PageRequest = { pageSize: 4 };
    let pages = 0;
    for (;;) {
      const page = listPage(listing(source), request);
      pages++;
      expect(page.rows.length).toBeLessThanOrEqual(4);
      ids.push(...page.rows.map((row) => row.id));
      if (page.next === undefined) break;
      request = { pageSize: 4, pageToken: page.next };
    }
    expect(ids).toEqual(source.ids());
    expect(pages).toBe(3);
    expect(source.limits).toEqual([5, 5, 5]);
  });

  it('holds the cursor through rows added and removed between pages, in both orders', () => {
    for (const order of ['asc', 'desc'] as const) {
      const source = new Source(rowsOf(12));
      const initial = source.ids();
      const seen: Row[] = [];
      const removedAhead = new Set<string>();
      const removedBehind = new Set<string>();
      const addedAhead = new Set<string>();
      const addedBehind = new Set<string>();
      let token: string | undefined;
      let round = 0;
      do {
        const page = listPage(listing(source, { order }), {
          pageSize: 3,
          ...(token !== undefined && { pageToken: token }),
        });
        seen.push(...page.rows);
        token = page.next;
        const last = page.rows.at(-1);
        if (token === undefined || last === undefined) break;
        // Whether a row comes after the cursor in the listing's order.
        const ahead = (row: Row) => (order === 'asc' ? 1 : -1) * compare(row, last) > 0;
        // The rows right before and right after the cursor go; rows come on either side
        // of it, at its own time and far from it.
        const behind = source.all().filter((row) => !ahead(row) && row.id !== last.id);
        const next = source.all().filter(ahead);
        const goes = [
          order === 'asc' ? behind.at(-1) : behind[0],
          order === 'asc' ? next[0] : next.at(-1),
        ];
        for (const row of goes) {
          if (row === undefined) continue;
          source.remove(row.id);
          (ahead(row) ? removedAhead : removedBehind).add(row.id);
        }
        const added: Row[] = [
          { at: last.at, id: `a-${round}` },
          { at: last.at, id: `z-${round}` },
          { at: 1_000 + round, id: `new-${round}` },
          { at: -1_000 - round, id: `old-${round}` },
        ];
        for (const row of added) {
          source.add(row);
          (ahead(row) ? addedAhead : addedBehind).add(row.id);
        }
        round++;
      } while (token !== undefined);

      const ids = seen.map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of initial) {
        if (!removedAhead.has(id)) expect(ids, `${order}: ${id}`).toContain(id);
      }
      for (const id of addedAhead) {
        if (!removedAhead.has(id)) expect(ids, `${order}: ${id}`).toContain(id);
      }
      for (const id of [...addedBehind, ...removedAhead]) {
        expect(ids, `${order}: ${id}`).not.toContain(id);
      }
      seen.slice(1).forEach((row, i) => {
        const before = seen[i];
        if (before) expect((order === 'asc' ? 1 : -1) * compare(row, before)).toBeGreaterThan(0);
      });
      expect(round).toBeGreaterThanOrEqual(2);
      for (const set of [removedAhead, removedBehind, addedAhead, addedBehind]) {
        expect(set.size).toBeGreaterThan(0);
      }
    }
  });

  it('takes the default page size when none is given, and never more than the maximum', () => {
    const source = new Source(rowsOf(20));
    expect(listPage(listing(source), {}).rows).toHaveLength(3);
    expect(listPage(listing(source), { pageSize: 50 }).rows).toHaveLength(5);
    expect(source.limits).toEqual([4, 6]);
  });

  it('gives no token on a last page that is exactly full, nor for an empty listing', () => {
    const full = listPage(listing(new Source(rowsOf(5))), { pageSize: 5 });
    expect(full.rows).toHaveLength(5);
    expect(full.next).toBeUndefined();
    const empty = listPage(listing(new Source([])), {});
    expect(empty).toEqual({ rows: [] });
  });

  it('starts over on an empty token', () => {
    const source = new Source(rowsOf(4));
    const page = listPage(listing(source), { pageSize: 2, pageToken: '' });
    expect(page.rows.map((row) => row.id)).toEqual(source.ids().slice(0, 2));
  });

  it('takes lists of a query as sets: another order or repeats are the same query', () => {
    const source = new Source(rowsOf(6));
    const filters = { organizationId: 'acme', ids: ['b', 'a'], documentId: undefined };
    const first = listPage(listing(source, { filters }), { pageSize: 2 });
    if (first.next === undefined) throw new Error('expected a next page');
    const second = listPage(
      listing(source, { filters: { ids: ['a', 'b', 'a'], organizationId: 'acme' } }),
      { pageSize: 2, pageToken: first.next },
    );
    expect(second.rows.map((row) => row.id)).toEqual(source.ids().slice(2, 4));
  });

  it('refuses a token of another query, read, scope or order, naming what to send', () => {
    const source = new Source(rowsOf(6));
    const first = listPage(listing(source), { pageSize: 2 });
    const token = first.next;
    if (token === undefined) throw new Error('expected a next page');
    const next = (other: Parameters<typeof listing>[1]) => () =>
      listPage(listing(source, other), { pageSize: 2, pageToken: token });

    for (const other of [
      { filters: { organizationId: 'globex' } },
      { filters: { organizationId: 'acme', documentId: 'plan' } },
      { name: 'others.get' },
      { scope: { workspaceId: 'ws', apiKeyId: 'another-key' } },
      { scope: { workspaceId: 'another-ws', apiKeyId: 'key' } },
    ]) {
      const error = refusal(next(other));
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.message).toBe(
        'Invalid pageToken: it belongs to another query; send the same filters as the first page.',
      );
    }
    const reversed = refusal(next({ order: 'desc' }));
    expect(reversed.status).toBe('INVALID_ARGUMENT');
    expect(reversed.message).toMatch(/in asc order, not desc/);
    // The same query goes on from where the first page ended.
    expect(next({})().rows.map((row) => row.id)).toEqual(source.ids().slice(2, 4));
  });

  it('refuses what is not a token of this read', () => {
    const source = new Source(rowsOf(6));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const first = listPage(listing(source), { pageSize: 2 }).next;
    if (first === undefined) throw new Error('expected a next page');
    const { q } = JSON.parse(Buffer.from(first, 'base64url').toString('utf8')) as { q: string };
    for (const garbage of [
      'garbage!',
      Buffer.from('not json').toString('base64url'),
      encode(null),
      encode([1, 'a']),
      encode({ v: 2, q, o: 'asc', k: [0, 'r000'] }),
      encode({ v: 1, q, o: 'asc' }),
      encode({ v: 1, q, o: 'asc', k: ['0', 'r000'] }),
      encode({ v: 1, q, o: 'asc', k: [0] }),
      encode({ v: 1, q, o: 'sideways', k: [0, 'r000'] }),
      encode({ v: 1, q, k: [0, 'r000'] }),
    ]) {
      const error = refusal(() => listPage(listing(source), { pageToken: garbage }));
      expect(error.status, garbage).toBe('INVALID_ARGUMENT');
      expect(error.message).toMatch(
        /^Invalid pageToken: it is not one this read gave; send the nextPageToken/,
      );
    }
    expect(source.limits).toEqual([3]);
  });
});
