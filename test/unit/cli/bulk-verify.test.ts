import { describe, expect, it } from 'vitest';
import type { VerifiedItem } from '../../../src/bulk/index.js';
import { verifier } from '../../../src/cli/bulk-verify.js';
import { ApiError, UsageError } from '../../../src/errors/errors.js';
import type { HttpClient } from '../../../src/http/client.js';

/** A client that answers each read with `answer`, or throws it; the reads it was sent. */
function fakeClient(answer: (path: string, data: Record<string, unknown>) => unknown) {
  const sent: { path: string; data: Record<string, unknown> }[] = [];
  const client = {
    call: (op: { path: string }, data: Record<string, unknown>) => {
      sent.push({ path: op.path, data });
      const value = answer(op.path, data);
      return value instanceof Error ? Promise.reject(value) : Promise.resolve({ data: value });
    },
  } as unknown as HttpClient;
  return { client, sent };
}

const item = (value: unknown, where: string): VerifiedItem => ({
  item: Buffer.from(JSON.stringify(value)),
  key: String(value),
  where,
});

const base = { organizationId: 'acme', organizationUserGroupId: 'eng' };

describe('reading what a bulk input names before sending it', () => {
  it("refuses users the organization's users do not include, by where each came from", async () => {
    const { client, sent } = fakeClient(() => [{ userId: 'bob' }]);
    const check = verifier([{ kind: 'users', column: 'userId' }], client, base, {}, () => {});
    const refusal = check.check([item('bob', 'line 2'), item({ userId: 'zed' }, 'line 3')]);
    await expect(refusal).rejects.toThrow(UsageError);
    await expect(refusal).rejects.toThrow(
      'line 3: zed is not a user of organization acme; nothing was sent',
    );
    expect(sent).toEqual([
      {
        path: '/v2/users/get',
        data: { organizationId: 'acme', userIds: ['bob', 'zed'], pageSize: 1000 },
      },
    ]);
  });

  it('refuses documents the organization lacks, read by id', async () => {
    const { client, sent } = fakeClient(() => [{ id: 'plan', documentName: 'Plan' }]);
    const check = verifier(
      [{ kind: 'documents', column: 'documentId' }],
      client,
      base,
      {},
      () => {},
    );
    await expect(check.check([item('plan', 'line 2'), item('ghost', 'line 3')])).rejects.toThrow(
      'line 3: organization acme has no document ghost; nothing was sent',
    );
    expect(sent).toEqual([
      {
        path: '/v1/organizations/documents/get',
        data: { organizationId: 'acme', documentIds: ['plan', 'ghost'] },
      },
    ]);
  });

  it('reads at most 30 users at a time, and names five problems and a count', async () => {
    const { client, sent } = fakeClient(() => []);
    const check = verifier([{ kind: 'users', column: 'userId' }], client, base, {}, () => {});
    const items = Array.from({ length: 61 }, (_, i) => item(`u${i}`, `line ${i + 2}`));
    await expect(check.check(items)).rejects.toThrow(
      'line 6: u4 is not a user of organization acme; and 56 more; nothing was sent',
    );
    expect(sent.map((read) => (read.data.userIds as string[]).length)).toEqual([30, 30, 1]);
  });

  it('leaves the users to the service, saying so, where reading users is not enabled', async () => {
    const said: string[] = [];
    const { client, sent } = fakeClient(
      () => new ApiError('FAILED_PRECONDITION', 'Reading users needs advanced queries', 400),
    );
    const check = verifier([{ kind: 'users', column: 'userId' }], client, base, {}, (line) =>
      said.push(line),
    );
    const items = Array.from({ length: 40 }, (_, i) => item(`u${i}`, `line ${i + 2}`));
    await expect(check.check(items)).resolves.toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(said).toEqual([expect.stringContaining('could not check beforehand')]);
    // Any other failure of the read is the run's.
    const failing = fakeClient(() => new ApiError('PERMISSION_DENIED', 'no', 403));
    const strict = verifier(
      [{ kind: 'users', column: 'userId' }],
      failing.client,
      base,
      {},
      () => {},
    );
    await expect(strict.check(items)).rejects.toThrow(ApiError);
  });

  it('refuses a folder the organization lacks, by its flag or line; root needs no read', async () => {
    const { client, sent } = fakeClient((_path, data) =>
      data.folderId === 'handbook'
        ? [{ folderId: 'handbook' }]
        : new ApiError('NOT_FOUND', 'gone', 404),
    );
    const flags = { folderId: '--to' };
    const rules = [{ kind: 'folder', member: 'folderId' }] as const;
    await verifier(
      rules,
      client,
      { organizationId: 'acme', folderId: 'handbook' },
      flags,
      () => {},
    ).check([]);
    await verifier(
      rules,
      client,
      { organizationId: 'acme', folderId: 'root' },
      flags,
      () => {},
    ).check([]);
    await expect(
      verifier(
        rules,
        client,
        { organizationId: 'acme', folderId: 'nowhere' },
        flags,
        () => {},
      ).check([]),
    ).rejects.toThrow('--to: organization acme has no folder nowhere; nothing was sent');
    expect(sent.map((read) => read.data.folderId)).toEqual(['handbook', 'nowhere']);

    const parents = verifier(
      [{ kind: 'folder', member: 'parentFolderId' }],
      client,
      { organizationId: 'acme' },
      {},
      () => {},
    );
    await expect(
      parents.check([
        item({ folderId: 'a', parentFolderId: 'gone' }, 'line 2'),
        item({ folderId: 'b', parentFolderId: 'gone' }, 'line 3'),
        item({ folderId: 'c', parentFolderId: 'root' }, 'line 4'),
      ]),
    ).rejects.toThrow(
      'line 2: organization acme has no folder gone; line 3: organization acme has no folder gone; nothing was sent',
    );
    // The same folder is read once.
    expect(sent.filter((read) => read.data.folderId === 'gone')).toHaveLength(1);
  });
});
