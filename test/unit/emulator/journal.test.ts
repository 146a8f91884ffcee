import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { Journal, type JournalEntry } from '../../../src/emulator/journal.js';
import { createWorkspace, keyHeaders, post, request } from './helpers.js';
import { validRequests } from './valid-requests.js';
import { useEmulator } from './fixture.js';

const entry = (n: number, workspaceId?: string): JournalEntry => ({
  time: n,
  method: 'POST',
  path: `/p/${n}`,
  httpStatus: 200,
  ...(workspaceId !== undefined && { workspaceId }),
});

describe('Journal', () => {
  it('keeps the last 1000 entries by default, oldest first', () => {
    const journal = new Journal();
    for (let n = 0; n < 1005; n++) journal.record(entry(n));
    const entries = journal.entries();
    expect(entries).toHaveLength(1000);
    expect(entries[0]?.time).toBe(5);
    expect(entries.at(-1)?.time).toBe(1004);
  });

  it('is in order before it wraps', () => {
    const journal = new Journal(3);
    journal.record(entry(1));
    journal.record(entry(2));
    expect(journal.entries().map((e) => e.time)).toEqual([1, 2]);
  });

  it('forgets one workspace and keeps the order of the rest', () => {
    const journal = new Journal(4);
    [entry(1, 'a'), entry(2, 'b'), entry(3, 'a'), entry(4), entry(5, 'b')].forEach((e) =>
      journal.record(e),
    );
    journal.forgetWorkspace('a');
    expect(journal.entries().map((e) => e.time)).toEqual([2, 4, 5]);
    journal.record(entry(6));
    journal.record(entry(7));
    expect(journal.entries().map((e) => e.time)).toEqual([4, 5, 6, 7]);
  });

  it('clears', () => {
    const journal = new Journal(2);
    journal.record(entry(1));
    journal.clear();
    expect(journal.entries()).toEqual([]);
  });
});

describe('the journal of a running emulator', () => {
  const emu = useEmulator();

  it('records a failed call with its operation, workspace and error status', async () => {
    const creds = await createWorkspace(emu.url, 'journal@example.com');
    // A new workspace has no CRDT data for any editor: NOT_FOUND.
    const op = operation('crdt.update');
    await post(emu.url, op.path, validRequests['crdt.update'], keyHeaders(creds));
    const journal = await request(`${emu.url}/_emulator/journal`);
    const entries = (journal.json as { entries: Record<string, unknown>[] }).entries;
    expect(entries.at(-1)).toEqual({
      time: expect.any(Number) as number,
      method: 'POST',
      path: op.path,
      httpStatus: 404,
      errorStatus: 'NOT_FOUND',
      operation: op.name,
      workspaceId: creds.workspaceId,
    });
  });

  it('counts the items of a bulk request, so that a test can tell what was sent twice', async () => {
    const creds = await createWorkspace(emu.url, 'journal-items@example.com');
    const op = operation('groups.add');
    const groups = [1, 2, 3].map((n) => ({ groupId: `g${n}`, groupName: `G${n}` }));
    const data = { organizationId: 'o', organizationUserGroups: groups };
    await post(emu.url, op.path, data, keyHeaders(creds));
    const journal = await request(`${emu.url}/_emulator/journal`);
    const entries = (journal.json as { entries: Record<string, unknown>[] }).entries;
    expect(entries.at(-1)).toMatchObject({ operation: op.name, httpStatus: 200, items: 3 });
  });
});
