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
  it('--all --json follows every page token and prints one array', async () => {
    const fake = fakeService({ [GET]: pages });
    const r = await fake.run(listSpecNotifications('--all', '--json'));
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((n) => n.id)).toEqual(
      all.map((n) => n.id),
    );
    expect(fake.sent(GET).map((d) => d.pageToken)).toEqual([undefined, '3', '6']);
    expect(r.stderr).not.toContain('--page-token');
  });

  it('prints the same text JSON.stringify gives for the whole array, on a terminal too', async () => {
    const fake = fakeService({ [GET]: pages });
    const r = await fake.run(listSpecNotifications('--all', '--json'), { tty: true });
    expect(r.stdout).toBe(`${JSON.stringify(all, null, 2)}\n`);
  });

  it.each([[['--all']], [['--limit', '5', '--page-size', '3']]])(
    '%j --json prints nothing but the error when a later page fails',
    async (flags) => {
      const fake = fakeService({
        [GET]: (data, call) => (call === 0 ? pages(data) : fail('INVALID_ARGUMENT', 'Bad page.')),
      });
      const r = await fake.run(listSpecNotifications(...flags, '--json'));
      expect(fake.sent(GET)).toHaveLength(2);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(JSON.parse(r.stderr)).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'Bad page.' },
        exitCode: 2,
      });
    },
  );

  it('prints an empty array when nothing matches', async () => {
    const fake = fakeService({ [GET]: () => ok([], { pageToken: '' }) });
    const r = await fake.run([
      'notifications',
      'list',
      '--org',
      'acme',
      '--user',
      'u9',
      '--all',
      '--json',
    ]);
    expect(r.stdout).toBe('[]\n');
  });

  it('without --all or --limit prints one page and the next token on stderr', async () => {
    const fake = fakeService({ [GET]: pages });
    const r = await fake.run(listSpecNotifications('--json'));
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(3);
    expect(r.stderr).toContain('--page-token 3');
    expect(fake.sent(GET)).toHaveLength(1);
  });

  it('--page-token continues, and the last page prints no token', async () => {
    const fake = fakeService({ [GET]: pages });
    const r = await fake.run(listSpecNotifications('--page-token', '6', '--json'));
    expect((JSON.parse(r.stdout) as { id: string }[]).map((n) => n.id)).toEqual(['n7']);
    expect(r.stderr).toBe('');
  });

  it('--limit asks for no more than it needs and says where to continue', async () => {
    const fake = fakeService({ [GET]: pages });
    const r = await fake.run(listSpecNotifications('--limit', '5', '--page-size', '3', '--json'));
    expect((JSON.parse(r.stdout) as { id: string }[]).map((n) => n.id)).toEqual([
      'n1',
      'n2',
      'n3',
      'n4',
      'n5',
    ]);
    expect(fake.sent(GET).map((d) => d.pageSize)).toEqual([3, 2]);
    expect(r.stderr).toContain('--page-token 5');
  });

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
    [['--limit', '3', '--all'], "option '--limit <n>' cannot be used with option '--all'"],
    [['--limit', '0'], '--limit must be a whole number of at least 1'],
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
