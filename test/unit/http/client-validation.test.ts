import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { UsageError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import { rejection, thrown, useHarnesses } from './harness.js';

const setup = useHarnesses();

describe('client-side validation', () => {
  it('an invalid email for workspace.create is a UsageError (exit 2) and nothing is sent', async () => {
    const h = setup();
    const err = await rejection(
      h.client.call(operation('workspace.create'), { ownerEmail: 'not-an-email' }),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toMatch(
      /^invalid request for workspace\.create: ownerEmail: /,
    );
    expect(exitCodeFor(err)).toBe(2);
    expect(h.calls()).toHaveLength(0);
    expect(h.trace).toEqual([]);
  });

  it('a missing required field names it', async () => {
    const h = setup();
    const err = await rejection(h.client.call(operation('documents.get'), {}));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toMatch(
      /^invalid request for documents\.get: organizationId: /,
    );
    expect(h.calls()).toHaveLength(0);
  });

  it('crdt.update with type map and an array is refused with the shape it needs', async () => {
    const h = setup();
    const err = await rejection(
      h.client.call(operation('crdt.update'), {
        organizationId: 'o1',
        documentId: 'd1',
        editorId: 'e1',
        type: 'map',
        data: [1, 2],
      }),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe(
      'invalid request for crdt.update: data: data must be an object for type map',
    );
    expect(h.calls()).toHaveLength(0);
  });

  it('more than 30 document ids is refused before sending', async () => {
    const h = setup();
    const documentIds = Array.from({ length: 31 }, (_, i) => `d${i}`);
    const err = await rejection(
      h.client.call(operation('documents.get'), { organizationId: 'o1', documentIds }),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect(h.calls()).toHaveLength(0);
  });

  it("the emulator's field limits are refused before sending, naming the field", async () => {
    const h = setup();
    const userIds = Array.from({ length: 101 }, (_, i) => `u${i}`);
    for (const [data, field] of [
      [{ organizationId: 'o1', userIds }, 'userIds'],
      [{ organizationId: 'o'.repeat(129), userIds: ['u1'] }, 'organizationId'],
    ] as const) {
      const err = await rejection(h.client.call(operation('users.remove'), data));
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).message).toMatch(
        new RegExp(`^invalid request for users\\.remove: ${field}: Too big`),
      );
    }
    expect(h.calls()).toHaveLength(0);
  });

  it('nesting past the request limit is refused by call, describe and raw alike', async () => {
    const h = setup();
    const data = { organizationId: 'o1', documentId: 'd1', liveStateDataId: 'l', data: {} };
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const op = operation('livestate.broadcast');
    for (const attempt of [
      async () => h.client.call(op, { ...data, data: deep }),
      async () => h.client.describe(op, { ...data, data: deep }),
      async () => h.client.raw(op, { data: { ...data, data: deep } }),
    ]) {
      const err = await rejection(attempt());
      expect(err).toBeInstanceOf(UsageError);
      expect(exitCodeFor(err)).toBe(2);
      expect((err as UsageError).message).toMatch(
        /^invalid request body: data\.data\.a\.a.*nested too deeply/,
      );
    }
    expect(h.calls()).toHaveLength(0);
  });

  it('data that is not an object is refused', async () => {
    const h = setup();
    const err = await rejection(h.client.call(operation('users.purge'), 'u1'));
    expect(err).toBeInstanceOf(UsageError);
    expect(exitCodeFor(err)).toBe(2);
    expect(h.calls()).toHaveLength(0);
  });

  it('validation comes before the credentials check', async () => {
    const h = setup({ credentials: {} });
    const err = await rejection(h.client.call(operation('users.purge'), { userIds: [] }));
    expect(err).toBeInstanceOf(UsageError);
  });

  it('describe() validates too', () => {
    const h = setup();
    const err = thrown(() => h.client.describe(operation('workspace.create'), { ownerEmail: '' }));
    expect(err).toBeInstanceOf(UsageError);
    expect(exitCodeFor(err)).toBe(2);
  });
});
