import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from './helpers.js';
import { adminPost } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK, jobDelay: 0 });

interface Recording {
  annotationId: string;
  type: string;
  metadata: Record<string, string>;
}

async function list(data: Record<string, unknown>) {
  const reply = await emu.call('/v2/recordings/get', { organizationId: 'acme', ...data });
  const body = reply.json as { result: { pageToken?: string } };
  return {
    rows: expectSuccess(reply, 'recordings.get') as Recording[],
    next: body.result.pageToken,
  };
}

describe('recordings (op 140)', () => {
  it("answers the fixture's recordings with their metadata, filtered by document and id", async () => {
    const { rows, next } = await list({ documentId: 'plan' });
    expect(next).toBeUndefined();
    expect(rows.map((r) => r.annotationId)).toEqual(['rec-plan-1', 'rec-plan-2']);
    expect(rows[0]).toMatchObject({
      type: 'recorder',
      recordingType: 'screen',
      metadata: { apiKey: emu.owner.apiKey, documentId: 'plan', organizationId: 'acme' },
    });
    expect((await list({ recordingIds: ['rec-plan-2', 'nope'] })).rows).toHaveLength(1);
    expect((await list({ documentId: 'notes' })).rows).toEqual([]);
  });

  it('pages by annotation id, each token good only for its own query', async () => {
    await adminPost(emu.url, 'seed', {
      workspaces: [
        {
          ownerEmail: emu.owner.ownerEmail,
          organizations: [
            {
              id: 'paged',
              recordings: ['r3', 'r1', 'r2'].map((id) => ({ id, documentId: 'd' })),
            },
          ],
        },
      ],
    });
    const first = await emu.call('/v2/recordings/get', { organizationId: 'paged', pageSize: 2 });
    const token = (first.json as { result: { pageToken: string } }).result.pageToken;
    expect(
      (expectSuccess(first, 'recordings.get') as Recording[]).map((r) => r.annotationId),
    ).toEqual(['r1', 'r2']);
    const second = await emu.call('/v2/recordings/get', {
      organizationId: 'paged',
      pageSize: 2,
      pageToken: token,
    });
    expect(
      (expectSuccess(second, 'recordings.get') as Recording[]).map((r) => r.annotationId),
    ).toEqual(['r3']);
    const elsewhere = await emu.call('/v2/recordings/get', {
      organizationId: 'paged',
      documentId: 'd',
      pageToken: token,
    });
    expectError(elsewhere, 400, 'INVALID_ARGUMENT');
  });
});
