import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/server.js';
import { expectError, expectSuccess } from './helpers.js';
import { adminPost, startMigration } from './jobs.js';
import { useEmulator } from './fixture.js';

const V2 = '/v2/notifications/config/get';
const V1 = '/v1/notifications/config/get';

const fixture = {
  workspaces: [
    {
      ownerEmail: 'config@example.com',
      consoleOptions: { notificationConfig: true },
      organizations: [
        {
          id: 'acme',
          documents: [{ id: 'plan' }, { id: 'notes' }],
          notificationConfigs: [
            // alice: organization level, and one document that overrides part of it.
            { userId: 'alice', inbox: 'MINE', slack: 'ALL' },
            { userId: 'alice', documentId: 'plan', email: 'NONE' },
            // bob: one document, no organization level.
            { userId: 'bob', documentId: 'plan', inbox: 'NONE', email: 'ALL', slack: 'MINE' },
          ],
        },
      ],
    },
    {
      ownerEmail: 'v1-off@example.com',
      organizations: [{ id: 'acme', notificationConfigs: [{ userId: 'alice', inbox: 'NONE' }] }],
    },
  ],
};

interface Item {
  config: Record<string, string>;
  metadata: Record<string, string>;
}

let dir: string;
const emu = useEmulator({ shared: true, seedJson: JSON.stringify(fixture), jobDelay: 0 });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-config-test-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function v2(data: Record<string, unknown>): Promise<Item[]> {
  return expectSuccess(
    await emu.call(V2, { organizationId: 'acme', ...data }),
    'notifications.config.v2',
  ) as Item[];
}

describe('notification config v2 (op 23)', () => {
  it('has inbox ALL and email MINE for a user with nothing stored, one item per document', async () => {
    expect(await v2({ userId: 'carol', documentIds: ['plan', 'unknown', 'plan'] })).toEqual([
      {
        config: { inbox: 'ALL', email: 'MINE' },
        metadata: {
          organizationId: 'acme',
          apiKey: emu.owner.apiKey,
          documentId: 'plan',
          userId: 'carol',
        },
      },
      {
        config: { inbox: 'ALL', email: 'MINE' },
        metadata: {
          organizationId: 'acme',
          apiKey: emu.owner.apiKey,
          documentId: 'unknown',
          userId: 'carol',
        },
      },
    ]);
  });

  it('answers the defaults in an organization that does not exist', async () => {
    const items = await v2({ organizationId: 'nowhere', userId: 'alice', documentIds: ['plan'] });
    expect(items.map((i) => i.config)).toEqual([{ inbox: 'ALL', email: 'MINE' }]);
  });

  it('takes each setting from the document, then the organization level, then the default', async () => {
    const items = await v2({ userId: 'alice', documentIds: ['plan', 'notes'] });
    expect(items.map((i) => [i.metadata.documentId, i.config])).toEqual([
      ['plan', { inbox: 'MINE', email: 'NONE', slack: 'ALL' }],
      ['notes', { inbox: 'MINE', email: 'MINE', slack: 'ALL' }],
    ]);
    const bob = await v2({ userId: 'bob', documentIds: ['plan', 'notes'] });
    expect(bob.map((i) => i.config)).toEqual([
      { inbox: 'NONE', email: 'ALL', slack: 'MINE' },
      { inbox: 'ALL', email: 'MINE' },
    ]);
  });

  it('answers the organization-level config alone with getOrganizationConfig', async () => {
    for (const documentIds of [undefined, ['plan']]) {
      expect(
        await v2({
          userId: 'alice',
          getOrganizationConfig: true,
          ...(documentIds && { documentIds }),
        }),
      ).toEqual([
        {
          config: { inbox: 'MINE', email: 'MINE', slack: 'ALL' },
          metadata: { organizationId: 'acme', apiKey: emu.owner.apiKey, userId: 'alice' },
        },
      ]);
    }
    const bob = await v2({ userId: 'bob', getOrganizationConfig: true });
    expect(bob.map((i) => i.config)).toEqual([{ inbox: 'ALL', email: 'MINE' }]);
  });

  it('needs documentIds unless getOrganizationConfig is true, and a userId', async () => {
    expectError(
      await emu.call(V2, { organizationId: 'acme', userId: 'alice' }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await emu.call(V2, { organizationId: 'acme', userId: 'alice', getOrganizationConfig: false }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await emu.call(V2, { organizationId: 'acme', documentIds: ['plan'] }),
      400,
      'INVALID_ARGUMENT',
    );
  });

  it("shows one workspace's settings to no other", async () => {
    const [, other] = emu.emulator.seeded;
    if (!other) throw new Error('no second workspace');
    const reply = await emu.callAs(other)(V2, {
      organizationId: 'acme',
      userId: 'alice',
      getOrganizationConfig: true,
    });
    const items = expectSuccess(reply, 'notifications.config.v2') as Item[];
    expect(items.map((i) => [i.config, i.metadata.apiKey])).toEqual([
      [{ inbox: 'NONE', email: 'MINE' }, other.apiKey],
    ]);
  });
});

describe('notification config v1 (op 24)', () => {
  it('answers one item per document, as v2 does', async () => {
    const reply = await emu.call(V1, {
      organizationId: 'acme',
      userId: 'alice',
      documentIds: ['plan', 'notes', 'plan'],
    });
    expect(expectSuccess(reply, 'notifications.config.v1')).toEqual(
      await v2({ userId: 'alice', documentIds: ['plan', 'notes'] }),
    );
  });

  it('needs documentIds, at most 30', async () => {
    const base = { organizationId: 'acme', userId: 'alice' };
    expectError(await emu.call(V1, base), 400, 'INVALID_ARGUMENT');
    expectError(await emu.call(V1, { ...base, documentIds: [] }), 400, 'INVALID_ARGUMENT');
    const many = Array.from({ length: 31 }, (_, i) => `d${i}`);
    expectError(await emu.call(V1, { ...base, documentIds: many }), 400, 'INVALID_ARGUMENT');
    const thirty = expectSuccess(
      await emu.call(V1, { ...base, documentIds: many.slice(0, 30) }),
      'notifications.config.v1',
    ) as Item[];
    expect(thirty).toHaveLength(30);
  });

  it('needs the notification config option', async () => {
    const [, other] = emu.emulator.seeded;
    if (!other) throw new Error('no second workspace');
    const as = emu.callAs(other);
    const data = { organizationId: 'acme', userId: 'alice', documentIds: ['plan'] };
    const message = expectError(await as(V1, data), 400, 'FAILED_PRECONDITION');
    expect(message).toMatch(/notification config/);
    // v2 is not gated.
    expectSuccess(await as(V2, data), 'notifications.config.v2');
    await adminPost(emu.url, 'seed', {
      workspaces: [
        { ownerEmail: 'v1-off@example.com', consoleOptions: { notificationConfig: true } },
      ],
    });
    expectSuccess(await as(V1, data), 'notifications.config.v1');
  });
});

describe('notification configs and the jobs', () => {
  it('moves the settings for a document when it is migrated', async () => {
    await startMigration(emu.call, 'plan', 'plan-2');
    const items = await v2({ userId: 'bob', documentIds: ['plan', 'plan-2'] });
    expect(items.map((i) => i.config)).toEqual([
      { inbox: 'ALL', email: 'MINE' },
      { inbox: 'NONE', email: 'ALL', slack: 'MINE' },
    ]);
  });

  it("removes a deleted user's settings", async () => {
    const reply = await emu.call('/v1/users/data/delete', { userIds: ['alice'] });
    expect(reply.status).toBe(202);
    const items = await v2({ userId: 'alice', documentIds: ['plan-2'] });
    expect(items.map((i) => i.config)).toEqual([{ inbox: 'ALL', email: 'MINE' }]);
    const org = await v2({ userId: 'alice', getOrganizationConfig: true });
    expect(org.map((i) => i.config)).toEqual([{ inbox: 'ALL', email: 'MINE' }]);
    // Another user's settings stay.
    const bob = await v2({ userId: 'bob', documentIds: ['plan-2'] });
    expect(bob.map((i) => i.config)).toEqual([{ inbox: 'NONE', email: 'ALL', slack: 'MINE' }]);
  });
});

describe('the notificationConfigs fixture member', () => {
  const withConfigs = (notificationConfigs: unknown[]) => ({
    workspaces: [
      { ownerEmail: 'bad@example.com', organizations: [{ id: 'o', notificationConfigs }] },
    ],
  });
  const at = 'workspaces[0].organizations[0].notificationConfigs';

  it.each([
    [
      'a value other than ALL, MINE, NONE',
      withConfigs([{ userId: 'u', inbox: 'SOME' }]),
      `${at}[0].inbox`,
    ],
    [
      'a config without a user',
      withConfigs([{ documentId: 'd', email: 'ALL' }]),
      `${at}[0].userId`,
    ],
    [
      'two configs for one user and document',
      withConfigs([
        { userId: 'u', documentId: 'd' },
        { userId: 'u', documentId: 'e' },
        { userId: 'u', documentId: 'd', inbox: 'ALL' },
      ]),
      `${at}[2]`,
    ],
    [
      'two organization-level configs for one user',
      withConfigs([{ userId: 'u' }, { userId: 'v' }, { userId: 'u', email: 'NONE' }]),
      `${at}[2]`,
    ],
    ['an unknown member', withConfigs([{ userId: 'u', push: 'ALL' }]), `${at}[0]`],
  ])('refuses %s, naming the field', async (_case, content, field) => {
    const path = join(dir, 'bad-config.json');
    writeFileSync(path, JSON.stringify(content));
    await expect(startEmulator({ seed: path })).rejects.toThrow(
      `Invalid fixture ${path}: ${field}:`,
    );
  });
});
