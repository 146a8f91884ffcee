import { describe, expect, it } from 'vitest';
import { fakeService, ok } from '../../support/fake-service.js';

const GET = '/v2/auth/permissions/get';

/** What the service answers: every user may view every resource asked about. */
function grants(data: Record<string, unknown>) {
  const byId = (ids: unknown) =>
    Object.fromEntries(
      ((ids as string[] | undefined) ?? []).map((id) => [id, { accessRole: 'viewer' }]),
    );
  return ok(
    Object.fromEntries(
      (data.userIds as string[]).map((userId) => [
        userId,
        {
          organization: { [String(data.organizationId)]: { accessRole: 'viewer' } },
          folders: byId(data.folderIds),
          documents: byId(data.documentIds),
        },
      ]),
    ),
  );
}

/** `svc permissions get --org acme --user USERS ...flags --json`. */
const permissionsOf = (users: string, ...flags: string[]) => [
  'permissions',
  'get',
  '--org',
  'acme',
  '--user',
  users,
  ...flags,
  '--json',
];

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('permissions get', () => {
  it('asks about more users and documents than one call takes in several, and merges them', async () => {
    const fake = fakeService({ [GET]: grants });
    const users = ids('u', 250);
    const docs = ids('d', 150);
    const r = await fake.run(
      permissionsOf(users.join(','), '--doc', docs.join(','), '--folder', 'f1'),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const sent = fake.sent(GET);
    // 3 runs of users, each asked about both runs of documents; the folder goes in the first.
    expect(
      sent.map((d) => [(d.userIds as string[]).length, (d.documentIds as string[]).length]),
    ).toEqual([
      [100, 100],
      [100, 50],
      [100, 100],
      [100, 50],
      [50, 100],
      [50, 50],
    ]);
    expect(sent.every((d) => (d.userIds as string[]).length <= 100)).toBe(true);
    const data = JSON.parse(r.stdout) as Record<
      string,
      { documents: Record<string, unknown>; folders: Record<string, unknown> }
    >;
    expect(Object.keys(data)).toEqual(users);
    for (const user of users) {
      expect(Object.keys(data[user]?.documents ?? {})).toEqual(docs);
      expect(Object.keys(data[user]?.folders ?? {})).toEqual(['f1']);
    }
  });

  it('makes one call when everything fits, asking each user once', async () => {
    const fake = fakeService({ [GET]: grants });
    const r = await fake.run(permissionsOf('alice,bob,alice', '--doc', 'spec'));
    expect(r.code).toBe(0);
    expect(fake.sent(GET)).toEqual([
      { organizationId: 'acme', userIds: ['alice', 'bob'], documentIds: ['spec'] },
    ]);
  });
});
