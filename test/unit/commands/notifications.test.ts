import { describe, expect, it } from 'vitest';
import { fakeService, fail, ok } from '../../support/fake-service.js';
import { listSpecNotifications } from '../../support/notifications.js';

const GET = '/v2/notifications/get';

const notification = (i: number) => ({
  id: `n${i}`,
  notificationSource: 'custom',
  displayHeadlineMessageTemplate: '{actionUser} mentioned {recipientUser} in {place}',
  displayHeadlineMessageTemplateData: {
    actionUser: { name: 'Ana', email: 'ana@example.com', userId: 'u1' },
    recipientUser: { email: 'bo@example.com', userId: 'u2' },
    place: `section ${i}`,
  },
  metadata: { organizationId: 'acme', documentId: 'spec' },
  timestamp: Date.UTC(2026, 0, 1, 0, 0, i),
});
const all = Array.from({ length: 7 }, (_, i) => notification(i + 1));

/** Pages of `pageSize` (default 3 here), the token being the offset of the next page. */
function pages(data: Record<string, unknown>) {
  const start = Number(data.pageToken ?? 0);
  const size = Number(data.pageSize ?? 3);
  const page = all.slice(start, start + size);
  const next = start + size < all.length ? String(start + size) : '';
  return ok(page, { pageToken: next });
}

describe('notifications list', () => {
  it('sends the filters and order it was given', async () => {
    const fake = fakeService({ [GET]: pages });
    await fake.run(listSpecNotifications('--location', 'l1', '--id', 'n1,n2', '--order', 'asc'));
    expect(fake.sent(GET)[0]).toEqual({
      organizationId: 'acme',
      documentId: 'spec',
      locationId: 'l1',
      notificationIds: ['n1', 'n2'],
      order: 'asc',
    });
  });

  it('shows time, source, the filled-in headline and document, one line each when piped', async () => {
    const fake = fakeService({ [GET]: pages });
    const r = await fake.run(listSpecNotifications('--limit', '2'));
    expect(r.stdout.split('\n')[0]).toBe(
      '2026-01-01T00:00:01Z\tcustom\tAna mentioned bo@example.com in section 1\tspec',
    );
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('prints a table with headers on a terminal', async () => {
    const fake = fakeService({ [GET]: pages });
    const r = await fake.run(listSpecNotifications('--all'), { tty: true });
    expect(r.stdout).toMatch(/TIME\s+SOURCE\s+HEADLINE\s+DOCUMENT/);
    expect(r.stdout).toContain('Ana mentioned bo@example.com in section 7');
  });

  it.each([
    [['--page-size', 'ten'], '--page-size must be'],
    [['--order', 'up'], "argument 'up' is invalid"],
    [['--location', 'l1'], 'unsupported filter combination'],
  ])('%j is a usage error and sends nothing', async (flags, message) => {
    const fake = fakeService({});
    const r = await fake.run(['notifications', 'list', '--org', 'acme', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(fake.all()).toHaveLength(0);
  });

  it('exits 2 when the advanced-queries option is off (FAILED_PRECONDITION)', async () => {
    const fake = fakeService({
      [GET]: () => fail('FAILED_PRECONDITION', 'Advanced queries are off.'),
    });
    const r = await fake.run(listSpecNotifications());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Advanced queries are off.');
  });
});

describe('notifications config', () => {
  const V2 = '/v2/notifications/config/get';
  const V1 = '/v1/notifications/config/get';
  /** `svc notifications config` for user u1 of organization acme, then `flags`. */
  const configFor = (...flags: string[]) => [
    'notifications',
    'config',
    '--org',
    'acme',
    '--user',
    'u1',
    ...flags,
  ];
  const configs = (data: Record<string, unknown>) =>
    ok(
      ((data.documentIds as string[] | undefined) ?? [undefined]).map((documentId) => ({
        config: { inbox: 'ALL', email: 'MINE' },
        metadata: {
          organizationId: 'acme',
          userId: data.userId,
          ...(documentId && { documentId }),
        },
      })),
    );

  it('uses v2 by default and prints one row per document', async () => {
    const fake = fakeService({ [V2]: configs });
    const r = await fake.run(configFor('--doc', 'a,b'));
    expect(r.code).toBe(0);
    expect(fake.sent(V2)).toEqual([
      { organizationId: 'acme', userId: 'u1', documentIds: ['a', 'b'] },
    ]);
    expect(r.stdout).toBe('u1\ta\tALL\tMINE\nu1\tb\tALL\tMINE\n');
  });

  it('--org-level asks v2 for the organization config', async () => {
    const fake = fakeService({ [V2]: configs });
    const r = await fake.run(configFor('--org-level', '--json'));
    expect(fake.sent(V2)).toEqual([
      { organizationId: 'acme', userId: 'u1', getOrganizationConfig: true },
    ]);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
  });

  it('--api v1 reads more than 30 documents 30 at a time, in order', async () => {
    const fake = fakeService({ [V1]: configs });
    const docs = Array.from({ length: 31 }, (_, i) => `d${i}`);
    const r = await fake.run(configFor('--doc', docs.join(','), '--api', 'v1', '--json'));
    expect(r.code).toBe(0);
    expect(fake.sent(V1).map((d) => (d.documentIds as string[]).length)).toEqual([30, 1]);
    expect(
      (JSON.parse(r.stdout) as { metadata: { documentId: string } }[]).map(
        (c) => c.metadata.documentId,
      ),
    ).toEqual(docs);
  });

  it.each([
    [['--org-level', '--api', 'v1'], 'needs the v2 API'],
    [[], 'give --doc'],
    [['--doc', 'a', '--org-level'], 'not both'],
    [['--doc', 'a', '--api', 'v3'], "argument 'v3' is invalid"],
  ])('%j is a usage error and sends nothing', async (flags, message) => {
    const fake = fakeService({});
    const r = await fake.run(configFor(...flags));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(fake.all()).toHaveLength(0);
  });
});
