import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_COLLECTION_SIZE,
  MAX_JSON_DEPTH,
  MAX_STRING_LENGTH,
} from '../../../src/catalogue/limits.js';
import { seedOrganizations } from './collab.js';
import { expectError, expectSuccess, keyHeaders, postRaw, type Reply, request } from './helpers.js';
import { useEmulator } from './fixture.js';

/** Deep enough to exhaust the stack of any recursive walk, and still under 1 MiB. */
const DEEP = 100_000;

/** `levels` objects, one inside the other: `{"a":{"a":…1…}}`. */
function nestedObjects(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** `levels` arrays, one inside the other, around an object. */
function nestedArrays(levels: number): string {
  return `${'['.repeat(levels)}{}${']'.repeat(levels)}`;
}

const emu = useEmulator({ shared: true });
let post: (path: string, body: string) => Promise<Reply>;

beforeAll(async () => {
  const owner = await seedOrganizations(emu.url, 'limits@example.com', [
    {
      id: 'org',
      documents: [{ id: 'doc' }],
      crdt: [
        { documentId: 'doc', editorId: 'map', type: 'map', data: {} },
        { documentId: 'doc', editorId: 'array', type: 'array', data: [] },
      ],
    },
  ]);
  const headers = { 'content-type': 'application/json', ...keyHeaders(owner) };
  post = (path, body) => postRaw(emu.url, path, body, headers);
});

const ids = '"organizationId":"org","documentId":"doc"';
const broadcast = (data: string) =>
  post('/v2/livestate/broadcast', `{"data":{${ids},"liveStateDataId":"l","data":${data}}}`);

describe('nesting deeper than the request limit', () => {
  it.each([
    [
      'live state data',
      '/v2/livestate/broadcast',
      `{"data":{${ids},"liveStateDataId":"l","data":${nestedObjects(DEEP)}}}`,
      'data.data.a.a.a.a.a.a…',
    ],
    [
      'a presence user member',
      '/v2/presence/add',
      `{"data":{${ids},"users":[{"userId":"u","extra":${nestedObjects(DEEP)}}]}}`,
      'data.users[0].extra.a.a.a.a…',
    ],
    [
      'CRDT map content',
      '/v2/crdt/update',
      `{"data":{${ids},"editorId":"map","type":"map","data":{"a":${nestedArrays(DEEP)}}}}`,
      'data.data.a[0][0][0][0][0]…',
    ],
    [
      'CRDT array content',
      '/v2/crdt/update',
      `{"data":{${ids},"editorId":"array","type":"array","data":${nestedArrays(DEEP)}}}`,
      'data.data[0][0][0][0][0][0]…',
    ],
    [
      'activity data',
      '/v2/activities/add',
      `{"data":{${ids},"activities":[{"featureType":"comment","actionType":"x","actionUser":{"userId":"u"},"entityData":${nestedObjects(DEEP)}}]}}`,
      'data.activities[0].entityData.a.a.a.a…',
    ],
  ])('in %s is INVALID_ARGUMENT naming where', async (_, path, body, where) => {
    const message = expectError(await post(path, body), 400, 'INVALID_ARGUMENT');
    expect(message).toBe(
      `Invalid request: ${where}: is nested too deeply: a request may nest objects and arrays at most ${MAX_JSON_DEPTH} levels`,
    );
  });

  it('is INVALID_ARGUMENT where no handler would look, too', async () => {
    const body = `{"data":{${ids},"liveStateDataId":"l","data":{},"unused":${nestedArrays(50_000)}}}`;
    expectError(await post('/v2/livestate/broadcast', body), 400, 'INVALID_ARGUMENT');
  });

  it('accepts a body exactly as deep as the limit', async () => {
    // The body and `data` are two levels; the live state's own object is the third.
    const atLimit = nestedObjects(MAX_JSON_DEPTH - 2);
    expectSuccess(await broadcast(atLimit), 'livestate.broadcast');
    const message = expectError(
      await broadcast(nestedObjects(MAX_JSON_DEPTH - 1)),
      400,
      'INVALID_ARGUMENT',
    );
    expect(message).toContain('nested too deeply');
  });

  it('is INVALID_ARGUMENT in a seed fixture', async () => {
    const crdt = `{"documentId":"d","editorId":"e","type":"map","data":${nestedObjects(DEEP)}}`;
    const org = `{"id":"o","documents":[{"id":"d"}],"crdt":[${crdt}]}`;
    const reply = await request(`${emu.url}/_emulator/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"workspaces":[{"ownerEmail":"deep@example.com","organizations":[${org}]}]}`,
    });
    expectError(reply, 400, 'INVALID_ARGUMENT');
  });
});

describe('strings and arrays longer than the request limits', () => {
  it.each([
    ['a string', { note: 'x'.repeat(MAX_STRING_LENGTH + 1) }, 'data.data.note', 'characters'],
    ['an array', { list: Array(MAX_COLLECTION_SIZE + 1).fill(0) }, 'data.data.list', 'elements'],
    [
      'an object',
      Object.fromEntries(Array.from({ length: MAX_COLLECTION_SIZE + 1 }, (_, i) => [`k${i}`, 0])),
      'data.data',
      'members',
    ],
  ])('%s is INVALID_ARGUMENT naming where', async (_, data, where, unit) => {
    const message = expectError(await broadcast(JSON.stringify(data)), 400, 'INVALID_ARGUMENT');
    expect(message).toContain(`Invalid request: ${where}: `);
    expect(message).toContain(`${unit}; at most`);
  });

  it('accepts them at the limit', async () => {
    const data = {
      note: 'x'.repeat(MAX_STRING_LENGTH),
      list: Array(MAX_COLLECTION_SIZE).fill(0),
    };
    expectSuccess(await broadcast(JSON.stringify(data)), 'livestate.broadcast');
  });
});

describe('fields longer or lists larger than the operation allows', () => {
  const id = (length: number) => 'i'.repeat(length);
  const folders = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ folderId: `f${i}`, folderName: 'F' }));
  const userIds = (count: number) => Array.from({ length: count }, (_, i) => `u${i}`);

  it.each([
    [
      'a 900 KB organizationId',
      '/v2/organizations/folders/get',
      { organizationId: id(900_000) },
      'data.organizationId',
    ],
    [
      'a 129-character organizationId',
      '/v2/organizations/folders/get',
      { organizationId: id(129) },
      'data.organizationId',
    ],
    [
      '20,000 folders',
      '/v1/organizations/folders/add',
      { organizationId: 'org', folders: folders(20_000) },
      'data.folders',
    ],
    [
      '101 folders',
      '/v1/organizations/folders/add',
      { organizationId: 'org', folders: folders(101) },
      'data.folders',
    ],
    [
      '100,000 userIds',
      '/v1/users/delete',
      { organizationId: 'org', userIds: userIds(100_000) },
      'data.userIds',
    ],
    [
      '101 userIds',
      '/v1/users/delete',
      { organizationId: 'org', userIds: userIds(101) },
      'data.userIds',
    ],
    [
      '31 documentIds',
      '/v1/organizations/documents/get',
      { organizationId: 'org', documentIds: userIds(31) },
      'data.documentIds',
    ],
    [
      'a long id in a list',
      '/v1/users/data/delete',
      { userIds: ['u', id(129)] },
      'data.userIds[1]',
    ],
    [
      'a 201-character folder name',
      '/v1/organizations/folders/add',
      { organizationId: 'org', folders: [{ folderId: 'f', folderName: id(201) }] },
      'data.folders[0].folderName',
    ],
    [
      'a 201-character presence name',
      '/v2/presence/add',
      { organizationId: 'org', documentId: 'doc', users: [{ userId: 'u', name: id(201) }] },
      'data.users[0].name',
    ],
    [
      'a 201-character email',
      '/v2/workspace/email/status',
      { ownerEmail: `${id(190)}@example.com` },
      'data.ownerEmail',
    ],
    [
      'a 129-character content key',
      '/v2/crdt/update',
      {
        organizationId: 'org',
        documentId: 'doc',
        editorId: 'map',
        type: 'map',
        data: {},
        contentKey: id(129),
      },
      'data.contentKey',
    ],
  ])('%s is INVALID_ARGUMENT naming the field', async (_, path, data, field) => {
    const message = expectError(
      await post(path, JSON.stringify({ data })),
      400,
      'INVALID_ARGUMENT',
    );
    expect(message).toMatch(new RegExp(`^Invalid request: ${field.replace(/[.[\]]/g, '\\$&')}: `));
  });

  it('accepts ids, names and lists at their limits', async () => {
    const reply = await post(
      '/v1/users/delete',
      JSON.stringify({ data: { organizationId: id(128), userIds: userIds(100) } }),
    );
    expectSuccess(reply, 'users.remove');
  });
});
