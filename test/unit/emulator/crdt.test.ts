import { beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { envelope } from '../../support/envelopes.js';
import {
  adminGet,
  adminRead,
  feedEvents,
  type FeedEventView,
  seedOrganizations,
} from './collab.js';
import { expectError, expectSuccess, type Reply } from './helpers.js';
import { adminPost, migrationStatus, startMigration } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

type Call = (path: string, data: unknown) => Promise<Reply>;

const ORG = 'studio';
const studio = {
  id: ORG,
  documents: [{ id: 'doc' }, { id: 'other' }],
  crdt: [
    { documentId: 'doc', editorId: 'text', type: 'text', data: 'Hello world' },
    {
      documentId: 'doc',
      editorId: 'map',
      type: 'map',
      data: { title: 'Plan', tags: ['a'], meta: { v: 1 }, gone: true },
    },
    {
      documentId: 'doc',
      editorId: 'array',
      type: 'array',
      data: [{ id: 1 }, { id: 2 }, { id: 3 }],
    },
    {
      documentId: 'doc',
      editorId: 'xml',
      type: 'xml',
      contentKey: 'prosemirror',
      data: '<p class="lead" id="p1">Hello <b>world</b></p><p>Second</p>',
    },
  ],
};

interface EditorView {
  type: string;
  contentKey: string;
  content: unknown;
  state: string;
}

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK, jobDelay: 0 });
let call: Call;
let workspaceId: string;

beforeEach(async () => {
  const owner = await seedOrganizations(emu.url, 'owner@example.com', [studio]);
  workspaceId = owner.workspaceId;
  call = emu.callAs(owner);
});

function editor(editorId: string, documentId = 'doc'): Promise<EditorView> {
  const params = { workspaceId, organizationId: ORG, documentId, editorId };
  return adminRead<EditorView>(emu.url, 'crdt', params);
}

function update(
  editorId: string,
  type: string,
  data: unknown,
  extra: Record<string, unknown> = {},
): Promise<Reply> {
  return call('/v2/crdt/update', {
    organizationId: ORG,
    documentId: 'doc',
    editorId,
    type,
    data,
    ...extra,
  });
}

/** A connected client: a Y.Doc holding the editor's state now, and the feed position. */
async function connect(editorId: string): Promise<{ doc: Y.Doc; after: number }> {
  const view = await editor(editorId);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from(view.state, 'base64'));
  const after = (await feedEvents(emu.url, { workspaceId })).at(-1)?.seq ?? 0;
  return { doc, after };
}

/** Applies to the client what the feed sent for the editor since `after`; those events. */
async function receive(doc: Y.Doc, after: number, editorId: string): Promise<FeedEventView[]> {
  const events = (await feedEvents(emu.url, { workspaceId, after: String(after) })).filter(
    (e) => e.kind === 'crdt' && e.editorId === editorId,
  );
  for (const event of events) Y.applyUpdate(doc, Buffer.from(event.update as string, 'base64'));
  return events;
}

async function updated(editorId: string, type: string, data: unknown): Promise<void> {
  const reply = await update(editorId, type, data);
  expect(expectSuccess(reply, 'crdt.update')).toBeUndefined();
  expect(reply.json).toEqual(envelope.noData(expect.any(String) as string));
}

describe('seeded editors', () => {
  it('hold the fixture content under the content key, `content` by default', async () => {
    expect(await editor('text')).toMatchObject({
      type: 'text',
      contentKey: 'content',
      content: 'Hello world',
    });
    expect(await editor('map')).toMatchObject({ type: 'map', content: studio.crdt[1]!.data });
    expect(await editor('array')).toMatchObject({ type: 'array', content: studio.crdt[2]!.data });
    expect(await editor('xml')).toMatchObject({
      type: 'xml',
      contentKey: 'prosemirror',
      content: '<p class="lead" id="p1">Hello <b>world</b></p><p>Second</p>',
    });
    const { doc } = await connect('text');
    expect(doc.getText('content').toString()).toBe('Hello world');
  });

  it('are NOT_FOUND through the admin read when there is no such editor', async () => {
    const reply = await adminGet(emu.url, 'crdt', {
      workspaceId,
      organizationId: ORG,
      documentId: 'doc',
      editorId: 'none',
    });
    expectError(reply, 404, 'NOT_FOUND');
  });
});

describe('crdt update of a text editor', () => {
  it('changes only what differs, and a client applying the emitted update converges', async () => {
    const { doc, after } = await connect('text');
    const text = doc.getText('content');
    const deltas: unknown[] = [];
    text.observe((event) => deltas.push(event.delta));

    await updated('text', 'text', 'Hello there');
    const events = await receive(doc, after, 'text');
    expect(events).toEqual([
      {
        seq: after + 1,
        time: SEED_CLOCK,
        kind: 'crdt',
        workspaceId,
        organizationId: ORG,
        documentId: 'doc',
        editorId: 'text',
        type: 'text',
        contentKey: 'content',
        update: expect.any(String) as string,
      },
    ]);
    expect(text.toString()).toBe('Hello there');
    expect(deltas).toEqual([[{ retain: 6 }, { delete: 5 }, { insert: 'there' }]]);
    expect((await editor('text')).content).toBe('Hello there');
  });

  it('keeps a concurrent edit of the client outside the changed part', async () => {
    const { doc, after } = await connect('text');
    doc.getText('content').insert('Hello world'.length, '!');
    await updated('text', 'text', 'Hi world');
    await receive(doc, after, 'text');
    expect(doc.getText('content').toString()).toBe('Hi world!');
  });

  it('never splits a surrogate pair', async () => {
    await updated('text', 'text', 'a😀b');
    const { doc, after } = await connect('text');
    await updated('text', 'text', 'a😁b');
    await receive(doc, after, 'text');
    expect(doc.getText('content').toString()).toBe('a😁b');
    expect((await editor('text')).content).toBe('a😁b');
  });

  it('converges through a series of updates, including to and from empty', async () => {
    const { doc, after } = await connect('text');
    for (const next of ['', 'abc', 'abXc', 'Xc', 'line 1\nline 2', 'line 1\nline 2']) {
      await updated('text', 'text', next);
    }
    await receive(doc, after, 'text');
    expect(doc.getText('content').toString()).toBe('line 1\nline 2');
  });

  it('emits nothing when the content is already the new one', async () => {
    const before = await feedEvents(emu.url, { workspaceId });
    await updated('text', 'text', 'Hello world');
    expect(await feedEvents(emu.url, { workspaceId })).toEqual(before);
  });
});

describe('crdt update of a map editor', () => {
  it('sets changed and new keys, deletes removed ones, and a client converges', async () => {
    const { doc, after } = await connect('map');
    const map = doc.getMap('content');
    const changed: string[][] = [];
    map.observe((event) => changed.push([...event.keysChanged].sort()));

    const next = { title: 'Plan B', tags: ['a', 'b'], meta: { v: 1 }, added: null };
    await updated('map', 'map', next);
    const events = await receive(doc, after, 'map');
    expect(events).toHaveLength(1);
    expect(map.toJSON()).toEqual(next);
    expect(changed).toEqual([['added', 'gone', 'tags', 'title']]);
    expect((await editor('map')).content).toEqual(next);
  });
});

describe('crdt update of an array editor', () => {
  it('keeps the common ends, replaces the middle, and a client converges', async () => {
    const { doc, after } = await connect('array');
    const array = doc.getArray('content');
    const deltas: unknown[] = [];
    array.observe((event) => deltas.push(event.delta));

    const next = [{ id: 1 }, { id: 20 }, { id: 21 }, { id: 3 }];
    await updated('array', 'array', next);
    await receive(doc, after, 'array');
    expect(array.toJSON()).toEqual(next);
    // Yjs lists the new items before the tombstone they were inserted in front of.
    expect(deltas).toEqual([[{ retain: 1 }, { insert: [{ id: 20 }, { id: 21 }] }, { delete: 1 }]]);
  });

  it('converges to an empty array and back', async () => {
    const { doc, after } = await connect('array');
    await updated('array', 'array', []);
    await updated('array', 'array', [1, 'two', { three: [3] }, null]);
    await receive(doc, after, 'array');
    expect(doc.getArray('content').toJSON()).toEqual([1, 'two', { three: [3] }, null]);
  });
});

describe('crdt update of an xml editor', () => {
  it('builds elements, attributes and text, keeps unchanged nodes, and a client converges', async () => {
    const { doc, after } = await connect('xml');
    const fragment = doc.getXmlFragment('prosemirror');
    const first = fragment.get(0);
    const deltas: unknown[] = [];
    fragment.observe((event) => deltas.push(event.delta.map((d) => Object.keys(d)[0])));

    const next =
      '<p class="lead" id="p1">Hello <b>world</b></p><ul><li data-x=\'1\'>One &amp; <i>two</i></li><li/></ul>';
    await updated('xml', 'xml', next);
    await receive(doc, after, 'xml');
    expect(fragment.toString()).toBe(
      '<p class="lead" id="p1">Hello <b>world</b></p><ul><li data-x="1">One & <i>two</i></li><li></li></ul>',
    );
    // The first paragraph is the same Yjs node: only the second was replaced.
    expect(fragment.get(0)).toBe(first);
    expect(deltas).toEqual([['retain', 'insert', 'delete']]);
    expect((await editor('xml')).content).toBe(
      '<p class="lead" id="p1">Hello <b>world</b></p><ul><li data-x="1">One &amp; <i>two</i></li><li></li></ul>',
    );
  });

  it('takes the content key from the editor, and refuses another', async () => {
    await updated('xml', 'xml', '<p>x</p>');
    const reply = await update('xml', 'xml', '<p>y</p>', { contentKey: 'content' });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('prosemirror');
    const same = await update('xml', 'xml', '<p>y</p>', { contentKey: 'prosemirror' });
    expectSuccess(same, 'crdt.update');
    expect((await editor('xml')).content).toBe('<p>y</p>');
  });

  it('refuses markup that is not well formed, changing nothing', async () => {
    const before = await feedEvents(emu.url, { workspaceId });
    for (const bad of ['<p><b>x</p></b>', '<p>open', 'a &nope; b', '<p a=1></p>', '</p>']) {
      const message = expectError(await update('xml', 'xml', bad), 400, 'INVALID_ARGUMENT');
      expect(message).toMatch(/well-formed markup/);
    }
    expect(await feedEvents(emu.url, { workspaceId })).toEqual(before);
    expect((await editor('xml')).content).toBe(studio.crdt[3]!.data);
  });
});

describe('crdt update errors', () => {
  it('is NOT_FOUND for an editor without data', async () => {
    const reply = await update('missing', 'text', 'x');
    expect(expectError(reply, 404, 'NOT_FOUND')).toBe('No CRDT data found for this editor ID.');
    const otherDoc = await call('/v2/crdt/update', {
      organizationId: ORG,
      documentId: 'other',
      editorId: 'text',
      type: 'text',
      data: 'x',
    });
    expectError(otherDoc, 404, 'NOT_FOUND');
  });

  it('is NOT_FOUND for another workspace’s editor', async () => {
    const asRival = emu.callAs(emu.rival);
    const reply = await asRival('/v2/crdt/update', {
      organizationId: ORG,
      documentId: 'doc',
      editorId: 'text',
      type: 'text',
      data: 'taken over',
    });
    expectError(reply, 404, 'NOT_FOUND');
    expect((await editor('text')).content).toBe('Hello world');
  });

  it('refuses data that does not match the type', async () => {
    const reply = await update('text', 'text', { not: 'a string' });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain(
      'data must be a string for type text',
    );
    expectError(await update('array', 'array', { a: 1 }), 400, 'INVALID_ARGUMENT');
    expectError(await update('map', 'map', [1]), 400, 'INVALID_ARGUMENT');
  });

  it('refuses a type other than the editor’s', async () => {
    const reply = await update('text', 'map', { a: 1 });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toMatch(/type must be text/);
    expectError(await update('xml', 'text', '<p>x</p>'), 400, 'INVALID_ARGUMENT');
    expect((await editor('text')).content).toBe('Hello world');
  });
});

describe('crdt fixtures', () => {
  async function seedError(crdt: unknown[]): Promise<string> {
    const reply = await adminPost(emu.url, 'seed', {
      workspaces: [{ ownerEmail: 'owner@example.com', organizations: [{ id: 'bad', crdt }] }],
    });
    return expectError(reply, 400, 'INVALID_ARGUMENT');
  }
  const at = 'workspaces[0].organizations[0].crdt';

  it('are validated strictly, each fault named by its path', async () => {
    const base = { documentId: 'd', editorId: 'e' };
    expect(await seedError([{ ...base, type: 'text', data: 1 }])).toContain(`${at}[0].data`);
    expect(await seedError([{ ...base, type: 'map', data: [] }])).toContain(`${at}[0].data`);
    expect(await seedError([{ ...base, type: 'array', data: {} }])).toContain(`${at}[0].data`);
    expect(await seedError([{ ...base, type: 'xml', data: '<a><b></a>' }])).toMatch(
      new RegExp(`${at.replace(/[[\].]/g, '\\$&')}\\[0\\]\\.data: is not well-formed markup`),
    );
    expect(await seedError([{ ...base, type: 'blob', data: 'x' }])).toContain(`${at}[0]`);
    expect(await seedError([{ ...base, type: 'text', data: 'x', extra: 1 }])).toContain('extra');
    expect(await seedError([{ documentId: 'd', type: 'text', data: 'x' }])).toContain(
      `${at}[0].editorId`,
    );
    const twice = await seedError([
      { ...base, type: 'text', data: 'x' },
      { ...base, type: 'map', data: {} },
    ]);
    expect(twice).toContain(`${at}[1].editorId: a second editor "e" in document "d"`);
  });

  it('replace the editors’ state when loaded again', async () => {
    await updated('text', 'text', 'changed');
    await seedOrganizations(emu.url, 'owner@example.com', [studio]);
    expect((await editor('text')).content).toBe('Hello world');
  });
});

describe("a document's CRDT data", () => {
  it('moves with it when it is migrated, events included', async () => {
    await updated('text', 'text', 'before the move');
    const migrationId = await startMigration(call, 'doc', 'doc-2', ORG);
    expect(await migrationStatus(call, migrationId, ORG)).toMatchObject({ status: 'completed' });

    expectError(await update('text', 'text', 'x'), 404, 'NOT_FOUND');
    expect((await editor('text', 'doc-2')).content).toBe('before the move');
    const moved = await call('/v2/crdt/update', {
      organizationId: ORG,
      documentId: 'doc-2',
      editorId: 'text',
      type: 'text',
      data: 'after the move',
    });
    expectSuccess(moved, 'crdt.update');
    expect((await editor('text', 'doc-2')).content).toBe('after the move');
    const events = await feedEvents(emu.url, { workspaceId, documentId: 'doc-2' });
    expect(events.map((e) => e.editorId)).toEqual(['text', 'text']);
  });
});
