import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from './fixture.js';
import { createWorkspace, request } from './helpers.js';
import { basicFixture, SEED_CLOCK } from './seed.js';

interface Table {
  columns: string[];
  rows: unknown[][];
}

/** Whether anything still answers at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    await request(`${url}/_emulator/health`);
    return true;
  } catch {
    return false;
  }
}

/** The owner addresses of the workspaces the emulator holds, from its state export. */
async function ownerEmails(url: string): Promise<string[]> {
  const state = await request(`${url}/_emulator/export`);
  expect(state.status).toBe(200);
  const { columns, rows } = (state.json as { tables: { workspaces: Table } }).tables.workspaces;
  const column = columns.indexOf('owner_email');
  expect(column).toBeGreaterThanOrEqual(0);
  return rows.map((row) => String(row[column])).sort();
}

/** The time the journal gave the last call. */
async function lastCallTime(url: string): Promise<number> {
  const journal = await request(`${url}/_emulator/journal`);
  const { entries } = journal.json as { entries: { time: number }[] };
  const last = entries.at(-1);
  if (last === undefined) throw new Error('the journal is empty');
  return last.time;
}

describe('a fresh emulator for each test', () => {
  const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK });
  const seen: string[] = [];

  it('gives the test the seeded workspaces and a call made as the owner', async () => {
    seen.push(emu.url);
    expect(emu.owner.workspaceId).toBe(emu.emulator.seeded[0]?.workspaceId);
    expect(emu.rival.workspaceId).toBe(emu.emulator.seeded[1]?.workspaceId);
    const reply = await emu.call('/v2/auth/permissions/get', {
      organizationId: 'acme',
      userIds: ['alice'],
    });
    expect(reply.status).toBe(200);
    await createWorkspace(emu.url, 'left-behind@example.com');
    emu.clock += 60_000;
  });

  it('starts the next test on a new emulator, with the seed only and the clock set back', async () => {
    seen.push(emu.url);
    expect(seen[1]).not.toBe(seen[0]);
    expect(await answers(seen[0] ?? '')).toBe(false);
    expect(await ownerEmails(emu.url)).toEqual(['owner@example.com', 'rival@example.com']);
    expect(emu.clock).toBe(SEED_CLOCK);
    await emu.call('/v2/auth/permissions/get', { organizationId: 'acme', userIds: ['alice'] });
    expect(await lastCallTime(emu.url)).toBe(SEED_CLOCK);
    emu.clock += 5_000;
    await emu.call('/v2/auth/permissions/get', { organizationId: 'acme', userIds: ['alice'] });
    expect(await lastCallTime(emu.url)).toBe(SEED_CLOCK + 5_000);
  });

  it.fails('closes the emulator of a test that fails', () => {
    seen.push(emu.url);
    expect('this test').toBe('failing');
  });

  it('(the emulator of the failed test no longer answers)', async () => {
    expect(seen).toHaveLength(3);
    expect(await answers(seen[2] ?? '')).toBe(false);
  });
});

describe('options of a describe block', () => {
  const emu = useEmulator();
  let outer: string | undefined;

  it('start an unseeded emulator on the real clock here', () => {
    outer = emu.url;
    expect(emu.emulator.seeded).toEqual([]);
    expect(() => emu.owner).toThrow(/the seed made 0 workspaces, not 1/);
    expect(() => emu.clock).toThrow(/real clock/);
  });

  describe('and, nested, a second one of its own options', () => {
    const seeded = useEmulator({ seed: basicFixture });

    it('beside the outer block’s', async () => {
      expect(seeded.url).not.toBe(emu.url);
      expect(await ownerEmails(seeded.url)).toEqual(['owner@example.com', 'rival@example.com']);
      expect(await ownerEmails(emu.url)).toEqual([]);
      expect(await answers(outer ?? '')).toBe(false);
    });
  });
});

let sharedUrl: string | undefined;
let sharedFixture: ReturnType<typeof useEmulator> | undefined;

describe('one emulator shared by the tests of a block', () => {
  const emu = useEmulator({ shared: true });
  sharedFixture = emu;

  it('keeps what a test wrote', async () => {
    sharedUrl = emu.url;
    await createWorkspace(emu.url, 'kept@example.com');
  });

  it('for the next test of the block', async () => {
    expect(emu.url).toBe(sharedUrl);
    expect(await ownerEmails(emu.url)).toEqual(['kept@example.com']);
  });
});

describe('after the block', () => {
  it('the shared emulator is closed, and its fixture says so', async () => {
    expect(sharedUrl).toBeDefined();
    expect(await answers(sharedUrl ?? '')).toBe(false);
    expect(() => sharedFixture?.url).toThrow(/only during the tests of the block/);
  });
});

describe('options known only once an earlier hook ran', () => {
  let ownerEmail = 'not yet';
  beforeAll(() => {
    ownerEmail = 'late@example.com';
  });
  const emu = useEmulator({
    shared: true,
    lateOptions: () => ({ seedJson: JSON.stringify({ workspaces: [{ ownerEmail }] }) }),
  });

  it('are read when the emulator starts', async () => {
    expect(await ownerEmails(emu.url)).toEqual(['late@example.com']);
  });
});
