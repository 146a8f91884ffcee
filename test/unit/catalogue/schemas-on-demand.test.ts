import { describe, expect, it } from 'vitest';
import { operation, operations } from '../../../src/catalogue/operations.js';

describe("the catalogue's schemas", () => {
  it('are built when first read, not when the catalogue loads', () => {
    for (const op of operations) {
      for (const key of ['request', 'response'] as const) {
        const property = Object.getOwnPropertyDescriptor(op, key);
        expect(property?.get, `${op.name}.${key}`).toBeTypeOf('function');
        expect(property?.value, `${op.name}.${key}`).toBeUndefined();
      }
    }
  });

  it('are built once: every read gives the same schema', () => {
    const op = operation('folders.get');
    expect(op.request).toBe(op.request);
    expect(op.response).toBe(op.response);
    expect(op.request.safeParse({}).success).toBe(false);
  });
});
