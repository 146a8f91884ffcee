import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { UsageError } from '../../../src/errors/errors.js';
import { envelope } from '../../support/envelopes.js';
import { jsonHeaders, useHarnesses } from './harness.js';

const setup = useHarnesses();
const op = operation('folders.add');

describe('HttpClient.callSerialized', () => {
  it('sends the body as given and decodes the answer as call does', async () => {
    const h = setup();
    const payload = Buffer.from(
      '{"data":{"organizationId":"o","folders":[{"folderId":"f1","folderName":"Ünï"}]}}',
    );
    let sent = '';
    h.pool
      .intercept({
        path: op.path,
        method: 'POST',
        // The mock hands a Buffer body on as it is.
        body: (body: unknown) => {
          sent = String(body);
          return true;
        },
      })
      .reply(200, envelope.standard({ f1: { success: true } }), jsonHeaders);
    const result = await h.client.callSerialized(op, payload, { organizationId: 'o' });
    expect(sent).toBe(payload.toString());
    expect(result.data).toEqual({ f1: { success: true } });
  });

  it('asks the confirmation gate with the members beside the items', async () => {
    const asked: unknown[] = [];
    const h = setup({
      beforeSend: (_op, data) => {
        asked.push(data);
        return Promise.reject(new UsageError('declined'));
      },
    });
    await expect(
      h.client.callSerialized(op, Buffer.from('{}'), { organizationId: 'o' }),
    ).rejects.toThrow('declined');
    expect(asked).toEqual([{ organizationId: 'o' }]);
    expect(h.calls()).toHaveLength(0);
  });
});

describe('HttpClient.check', () => {
  it('refuses what call would refuse, with the same message', () => {
    const h = setup();
    expect(() => h.client.check(op, { organizationId: 'o', folders: [] })).toThrow(
      /^invalid request for folders\.add: folders: /,
    );
    expect(() =>
      h.client.check(op, { organizationId: 'o', folders: [{ folderId: 'f', folderName: 'F' }] }),
    ).not.toThrow();
  });
});
