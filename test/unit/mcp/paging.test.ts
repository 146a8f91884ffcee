import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors/errors.js';
import { toolNames } from '../../../src/commands/mcp/tool-names.js';
import { runTool } from '../../../src/mcp/call.js';
import { decodeCursor, encodeCursor, PageBuilder } from '../../../src/mcp/paging.js';
import { toolSpecs } from '../../../src/mcp/tools.js';
import { fakeRuntime, noProgress, resultOf } from './fake-runtime.js';

describe('pages of a listing', () => {
  it('end at the limit or before the byte budget, between items, with at least one', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ id: `f${i}`, pad: 'x'.repeat(90) }));
    const size = JSON.stringify(items[0]).length + 1;
    const fill = (limit: number, budget: number) => {
      const page = new PageBuilder(limit, budget);
      for (const item of items) if (!page.add(item)) break;
      return page.items.length;
    };
    expect(fill(4, 1_000_000)).toBe(4);
    expect(fill(100, 1_000_000)).toBe(10);
    expect(fill(100, 2 + size * 3)).toBe(3);
    expect(fill(100, 2 + size * 3 - 1)).toBe(2);
    const big = new PageBuilder(10, 100);
    expect(big.add({ big: 'x'.repeat(5000) })).toBe(true);
    expect(big.add({ small: 1 })).toBe(false);
  });

  it('continue with a cursor made for the same arguments only', () => {
    const args = { organizationId: 'acme' };
    const cursor = encodeCursor(args, { offset: 100, last: 'abc' });
    expect(decodeCursor(cursor, { organizationId: 'acme' }, false)).toEqual({
      offset: 100,
      last: 'abc',
    });
    expect(() => decodeCursor(cursor, { organizationId: 'other' }, false)).toThrow(
      'cursor belongs to a listing with other arguments',
    );
    expect(() => decodeCursor(cursor, args, true)).toThrow(UsageError);
    expect(() => decodeCursor('not a cursor', args, false)).toThrow(
      'cursor is not one this listing gave',
    );
    const paged = encodeCursor(args, { pageToken: 't1', skip: 3 });
    expect(decodeCursor(paged, args, true)).toEqual({ pageToken: 't1', skip: 3 });
  });
});

describe('a paged read whose data is not one list (the user-data export)', () => {
  it("takes the service's pageToken and answers its next one, as the service named it", async () => {
    const [tool] = toolSpecs(toolNames, ['users_export']);
    const lists = { comments: [], reactions: [], recordings: [], notifications: [{ id: 'n1' }] };
    const { rt, sent } = fakeRuntime((data) =>
      (data as { pageToken?: string }).pageToken === undefined
        ? { data: lists, next: 'page-2' }
        : { data: { ...lists, notifications: [] } },
    );
    const args = { organizationId: 'acme', userId: 'alice' };
    const first = resultOf(await runTool(rt, tool!, args, noProgress));
    expect(first.structuredContent).toMatchObject({ result: lists, nextPageToken: 'page-2' });
    const last = resultOf(await runTool(rt, tool!, { ...args, pageToken: 'page-2' }, noProgress));
    expect(last.structuredContent).not.toHaveProperty('nextPageToken');
    expect(sent).toEqual([args, { ...args, pageToken: 'page-2' }]);
  });
});
