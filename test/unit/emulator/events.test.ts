import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedEventTable } from '../../../src/emulator/store/feed-events.js';
import { adminGet, feedEvents, type FeedEventView, seedOrganizations } from './collab.js';
import { expectError, expectSuccess, keyHeaders, post, type Reply } from './helpers.js';
import { adminPost, waitUntil } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

type Call = (path: string, data: unknown) => Promise<Reply>;

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK });
let call: Call;
let workspaceId: string;

beforeEach(async () => {
  const owner = await seedOrganizations(emu.url, 'owner@example.com', [
    {
      id: 'studio',
      crdt: [{ documentId: 'doc', editorId: 'body', type: 'text', data: 'draft' }],
    },
  ]);
  workspaceId = owner.workspaceId;
  call = emu.callAs(owner);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function broadcast(
  organizationId: string,
  documentId: string,
  data: Record<string, unknown>,
  as: Call = call,
): Promise<void> {
  const reply = await as('/v2/livestate/broadcast', {
    organizationId,
    documentId,
    liveStateDataId: 'state',
    data,
  });
  expectSuccess(reply, 'livestate.broadcast');
}

async function editText(data: string): Promise<void> {
  const reply = await call('/v2/crdt/update', {
    organizationId: 'studio',
    documentId: 'doc',
    editorId: 'body',
    type: 'text',
    data,
  });
  expectSuccess(reply, 'crdt.update');
}

interface Frame {
  id: string;
  event: string;
  data: FeedEventView;
}

/** An open event stream read frame by frame. */
async function openStream(
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ response: Response; next: () => Promise<Frame>; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(
    `${emu.url}/_emulator/events/stream?${new URLSearchParams(params).toString()}`,
    { signal: controller.signal, headers },
  );
  const body = response.body;
  if (!body) throw new Error('the stream has no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const next = async (): Promise<Frame> => {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const fields = new Map(
          block.split('\n').map((line) => {
            const colon = line.indexOf(': ');
            return [line.slice(0, colon), line.slice(colon + 2)] as const;
          }),
        );
        return {
          id: fields.get('id') ?? '',
          event: fields.get('event') ?? '',
          data: JSON.parse(fields.get('data') ?? 'null') as FeedEventView,
        };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffered += decoder.decode(value, { stream: true });
    }
  };
  return { response, next, close: () => controller.abort() };
}

describe('the event feed', () => {
  it('lists a workspace’s events in order, narrowed by organization, document and seq', async () => {
    await broadcast('acme', 'plan', { n: 1 });
    await editText('draft 2');
    await broadcast('acme', 'notes', { n: 2 });
    await broadcast('globex', 'deck', { n: 3 });
    const rival = emu.callAs(emu.rival);
    await broadcast('acme', 'plan', { rival: true }, rival);

    const all = await feedEvents(emu.url, { workspaceId });
    expect(all.map((e) => [e.kind, e.organizationId, e.documentId])).toEqual([
      ['livestate', 'acme', 'plan'],
      ['crdt', 'studio', 'doc'],
      ['livestate', 'acme', 'notes'],
      ['livestate', 'globex', 'deck'],
    ]);
    const seqs = all.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    const acme = await feedEvents(emu.url, { workspaceId, organizationId: 'acme' });
    expect(acme.map((e) => e.documentId)).toEqual(['plan', 'notes']);
    const notes = await feedEvents(emu.url, { workspaceId, documentId: 'notes' });
    expect(notes.map((e) => e.state)).toEqual([{ n: 2 }]);
    const later = await feedEvents(emu.url, { workspaceId, after: String(all[1]!.seq) });
    expect(later).toEqual(all.slice(2));
  });

  it('checks its query', async () => {
    const read = (params: Record<string, string>) => adminGet(emu.url, 'events', params);
    expect(expectError(await read({}), 400, 'INVALID_ARGUMENT')).toContain('workspaceId');
    expect(
      expectError(await read({ workspaceId, after: '-1' }), 400, 'INVALID_ARGUMENT'),
    ).toContain('after');
    expect(expectError(await read({ workspaceId, docId: 'x' }), 400, 'INVALID_ARGUMENT')).toContain(
      'docId',
    );
    expectError(await read({ workspaceId: 'nope' }), 404, 'NOT_FOUND');
    expectError(await adminPost(emu.url, 'events', {}), 400, 'INVALID_ARGUMENT');
  });

  it('never reuses a seq, even after a reset', async () => {
    await broadcast('acme', 'plan', { n: 1 });
    const [before] = await feedEvents(emu.url, { workspaceId });
    expect((await adminPost(emu.url, 'reset', {})).status).toBe(200);

    const creds = emu.emulator.createWorkspace({ ownerEmail: 'again@example.com' });
    const reply = await post(
      emu.url,
      '/v2/livestate/broadcast',
      { organizationId: 'o', documentId: 'd', liveStateDataId: 's', data: { n: 2 } },
      keyHeaders(creds),
    );
    expectSuccess(reply, 'livestate.broadcast');
    const [after] = await feedEvents(emu.url, { workspaceId: creds.workspaceId });
    expect(after!.seq).toBeGreaterThan(before!.seq);
  });
});

describe('the event stream', () => {
  it('replays the events after `after`, then pushes new ones as they happen', async () => {
    await broadcast('acme', 'plan', { n: 1 });
    await broadcast('acme', 'plan', { n: 2 });
    const [first, second] = await feedEvents(emu.url, { workspaceId });

    const stream = await openStream({ workspaceId, after: String(first!.seq) });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(await stream.next()).toEqual({
        id: String(second!.seq),
        event: 'livestate',
        data: second,
      });

      await editText('draft, edited');
      await broadcast('acme', 'notes', { n: 3 });
      const pushed = [await stream.next(), await stream.next()];
      const listed = await feedEvents(emu.url, { workspaceId, after: String(second!.seq) });
      expect(pushed.map((f) => f.data)).toEqual(listed);
      expect(pushed.map((f) => f.event)).toEqual(['crdt', 'livestate']);
      expect(pushed.map((f) => f.id)).toEqual(listed.map((e) => String(e.seq)));
    } finally {
      stream.close();
    }
  });

  it('sends only the events its query selects', async () => {
    const stream = await openStream({ workspaceId, organizationId: 'acme', documentId: 'notes' });
    try {
      await broadcast('acme', 'plan', { skip: true });
      await editText('elsewhere');
      await broadcast('acme', 'notes', { keep: true });
      const frame = await stream.next();
      expect(frame.data).toMatchObject({ documentId: 'notes', state: { keep: true } });
    } finally {
      stream.close();
    }
  });

  it('resumes after the Last-Event-ID a reconnecting client sends', async () => {
    await broadcast('acme', 'plan', { n: 1 });
    await broadcast('acme', 'plan', { n: 2 });
    const [first, second] = await feedEvents(emu.url, { workspaceId });
    const stream = await openStream({ workspaceId }, { 'last-event-id': String(first!.seq) });
    try {
      expect((await stream.next()).data).toEqual(second);
    } finally {
      stream.close();
    }
  });

  it('stops listening to the feed when the client goes away', async () => {
    let listening = 0;
    const subscribe = FeedEventTable.prototype.subscribe;
    vi.spyOn(FeedEventTable.prototype, 'subscribe').mockImplementation(function (
      this: FeedEventTable,
      listener: () => void,
    ) {
      listening++;
      const stop = subscribe.call(this, listener);
      return () => {
        listening--;
        stop();
      };
    });

    const streams = await Promise.all([openStream({ workspaceId }), openStream({ workspaceId })]);
    await waitUntil(() => Promise.resolve(listening === 2));
    for (const stream of streams) stream.close();
    await waitUntil(() => Promise.resolve(listening === 0));
    // The feed still works for everyone else.
    await broadcast('acme', 'plan', { n: 1 });
    expect(await feedEvents(emu.url, { workspaceId })).toHaveLength(1);
  });

  it('ends when the emulator stops', async () => {
    const stream = await openStream({ workspaceId });
    await emu.emulator.close();
    await expect(stream.next()).rejects.toThrow();
  });

  it('answers a bad query with the error envelope, not a stream', async () => {
    const reply = await adminGet(emu.url, 'events/stream', { workspaceId: 'nope' });
    expectError(reply, 404, 'NOT_FOUND');
  });
});
