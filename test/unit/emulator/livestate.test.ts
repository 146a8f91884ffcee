import { describe, expect, it } from 'vitest';
import { adminRead, feedEvents } from './collab.js';
import { expectError, expectSuccess } from './helpers.js';
import { migrationStatus, startMigration } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK, jobDelay: 0 });

async function broadcast(
  data: Record<string, unknown>,
  merge?: boolean,
  liveStateDataId = 'cursor',
  documentId = 'plan',
): Promise<void> {
  const reply = await emu.call('/v2/livestate/broadcast', {
    organizationId: 'acme',
    documentId,
    liveStateDataId,
    data,
    ...(merge !== undefined && { merge }),
  });
  expect(expectSuccess(reply, 'livestate.broadcast')).toEqual({ success: true });
}

interface LiveStateView {
  liveStateDataId: string;
  state: Record<string, unknown>;
  updatedAt: number;
}

async function liveStates(documentId = 'plan'): Promise<LiveStateView[]> {
  const params = { workspaceId: emu.owner.workspaceId, organizationId: 'acme', documentId };
  return (await adminRead<{ liveStates: LiveStateView[] }>(emu.url, 'livestate', params))
    .liveStates;
}

async function stateOf(liveStateDataId = 'cursor'): Promise<unknown> {
  return (await liveStates()).find((s) => s.liveStateDataId === liveStateDataId)?.state;
}

describe('live state broadcast', () => {
  it('stores the data and appends what was sent, and the state after, to the event feed', async () => {
    await broadcast({ x: 1, y: 2, label: null });
    expect(await liveStates()).toEqual([
      { liveStateDataId: 'cursor', state: { x: 1, y: 2, label: null }, updatedAt: SEED_CLOCK },
    ]);
    const events = await feedEvents(emu.url, { workspaceId: emu.owner.workspaceId });
    expect(events).toEqual([
      {
        seq: expect.any(Number) as number,
        time: SEED_CLOCK,
        kind: 'livestate',
        workspaceId: emu.owner.workspaceId,
        organizationId: 'acme',
        documentId: 'plan',
        liveStateDataId: 'cursor',
        data: { x: 1, y: 2, label: null },
        merge: false,
        state: { x: 1, y: 2, label: null },
      },
    ]);
  });

  it('without merge replaces the state; it persists until overwritten', async () => {
    await broadcast({ x: 1, y: 2 });
    emu.clock += 1000;
    await broadcast({ z: 3 }, false);
    expect(await liveStates()).toEqual([
      { liveStateDataId: 'cursor', state: { z: 3 }, updatedAt: SEED_CLOCK + 1000 },
    ]);
  });

  it('with merge sets top-level keys, removes keys set to null, and replaces nested values', async () => {
    await broadcast({ x: 1, y: 2, style: { color: 'red', width: 2 }, label: 'a' });
    await broadcast({ y: 20, style: { color: 'blue' }, label: null, extra: [1] }, true);
    expect(await stateOf()).toEqual({ x: 1, y: 20, style: { color: 'blue' }, extra: [1] });

    const events = await feedEvents(emu.url, { workspaceId: emu.owner.workspaceId });
    expect(events.map((e) => e.merge)).toEqual([false, true]);
    expect(events[1]).toMatchObject({
      data: { y: 20, style: { color: 'blue' }, label: null, extra: [1] },
      state: { x: 1, y: 20, style: { color: 'blue' }, extra: [1] },
    });
    expect(events[1]!.seq).toBeGreaterThan(events[0]!.seq);
  });

  it('with merge and no state yet starts from an empty object', async () => {
    await broadcast({ a: 1, b: null }, true);
    expect(await stateOf()).toEqual({ a: 1 });
  });

  it('keeps each liveStateDataId and document apart', async () => {
    await broadcast({ x: 1 }, false, 'cursor');
    await broadcast({ open: true }, false, 'panel');
    await broadcast({ x: 9 }, false, 'cursor', 'notes');
    expect(await stateOf('cursor')).toEqual({ x: 1 });
    expect(await stateOf('panel')).toEqual({ open: true });
    expect((await liveStates('notes')).map((s) => s.state)).toEqual([{ x: 9 }]);
  });

  it('refuses data that is not an object', async () => {
    const reply = await emu.call('/v2/livestate/broadcast', {
      organizationId: 'acme',
      documentId: 'plan',
      liveStateDataId: 'cursor',
      data: [1, 2],
    });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('data.data');
    expect(await liveStates()).toEqual([]);
    expect(await feedEvents(emu.url, { workspaceId: emu.owner.workspaceId })).toEqual([]);
  });

  it('creates the organization on first use', async () => {
    const reply = await emu.call('/v2/livestate/broadcast', {
      organizationId: 'fresh',
      documentId: 'd',
      liveStateDataId: 's',
      data: { on: true },
    });
    expectSuccess(reply, 'livestate.broadcast');
    const events = await feedEvents(emu.url, {
      workspaceId: emu.owner.workspaceId,
      organizationId: 'fresh',
    });
    expect(events.map((e) => e.state)).toEqual([{ on: true }]);
  });
});

describe("a document's live state", () => {
  it('moves with it when it is migrated, with its events', async () => {
    await broadcast({ x: 1 });
    const migrationId = await startMigration(emu.call, 'plan', 'plan-2');
    expect(await migrationStatus(emu.call, migrationId)).toMatchObject({ status: 'completed' });
    expect(await liveStates('plan')).toEqual([]);
    expect((await liveStates('plan-2')).map((s) => s.state)).toEqual([{ x: 1 }]);
    expect(
      await feedEvents(emu.url, { workspaceId: emu.owner.workspaceId, documentId: 'plan' }),
    ).toEqual([]);
    const moved = await feedEvents(emu.url, {
      workspaceId: emu.owner.workspaceId,
      documentId: 'plan-2',
    });
    expect(moved.map((e) => e.state)).toEqual([{ x: 1 }]);

    await emu.call('/v2/livestate/broadcast', {
      organizationId: 'acme',
      documentId: 'plan-2',
      liveStateDataId: 'cursor',
      data: { y: 2 },
      merge: true,
    });
    expect((await liveStates('plan-2')).map((s) => s.state)).toEqual([{ x: 1, y: 2 }]);
  });
});
