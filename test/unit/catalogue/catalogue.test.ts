import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_ID_LENGTH } from '../../../src/catalogue/limits.js';
import { operation, operationForPath, operations } from '../../../src/catalogue/operations.js';
import { sourceOf, sources } from '../../../src/catalogue/sources.js';
import type { Operation } from '../../../src/catalogue/types.js';

describe('operations catalogue', () => {
  it('numbers every operation once, within one of the sources', () => {
    expect(new Set(operations.map((op) => op.number)).size).toBe(operations.length);
    for (const op of operations) {
      expect(sourceOf(op.number), `${op.name} (${op.number}) is in no source`).toBeDefined();
    }
    // The sources do not overlap, so a number has one.
    const ranges = [...sources].sort((a, b) => a.first - b.first);
    for (const [i, source] of ranges.entries()) {
      expect(source.first, source.name).toBeLessThanOrEqual(source.last);
      const next = ranges[i + 1];
      if (next) expect(source.last, source.name).toBeLessThan(next.first);
    }
  });

  it('has every operation of a source it holds whole', () => {
    const numbers = new Set<number>(operations.map((op) => op.number));
    for (const source of sources.filter((s) => s.complete)) {
      for (let n = source.first; n <= source.last; n++) {
        expect(numbers.has(n), `${source.name}: operation ${n}`).toBe(true);
      }
    }
  });

  it('has unique names and paths, and finds each entry by both', () => {
    expect(new Set(operations.map((o) => o.name)).size).toBe(operations.length);
    expect(new Set(operations.map((o) => o.path)).size).toBe(operations.length);
    for (const op of operations) {
      expect(operationForPath(op.path)).toBe(op);
    }
  });

  it('gives every entry zod schemas, a summary and a consistent table', () => {
    for (const op of operations) {
      expect(op.request, op.name).toBeInstanceOf(z.ZodType);
      expect(op.response, op.name).toBeInstanceOf(z.ZodType);
      expect(op.summary.length, op.name).toBeGreaterThan(5);
      for (const c of op.table.columns) expect(c.header).toMatch(/^[A-Z][A-Z ]*$/);
      if (op.table.rows === 'map') expect(op.table.columns[0]?.path).toBe('key');
    }
  });

  it('answers 202 exactly for the top-level envelope (its `statusCode`)', () => {
    for (const op of operations) {
      expect(op.successStatus, op.name).toBe(op.envelope === 'top-level' ? 202 : 200);
    }
  });

  it('keeps the traits consistent with one another', () => {
    for (const op of operations as readonly Operation[]) {
      if (op.readOnly) {
        // A read may be resent, and removes, switches off and replaces nothing.
        expect(op.idempotent, op.name).toBe(true);
        expect(op.destructive || op.overwrites === true, op.name).toBe(false);
      }
      if (op.destructiveWhen) expect(op.destructive, op.name).toBe(true);
      if (op.overwritesWhen) expect(op.overwrites, op.name).toBe(true);
    }
  });

  it('gives every operation an example its request schema accepts, in an order that ends', () => {
    for (const op of operations as readonly Operation[]) {
      const { summary, data, after, fill } = op.example;
      expect(summary.trim(), op.name).not.toBe('');
      const parsed = op.request.safeParse(data);
      expect(parsed.error?.issues ?? [], `${op.name}: its example's data`).toEqual([]);
      // What comes first is another operation's example, and following `after` ends.
      const byName = new Map((operations as readonly Operation[]).map((o) => [o.name, o]));
      const seen = new Set([op.name]);
      for (let next = after; next !== undefined; next = byName.get(next)?.example.after) {
        expect(byName.get(next), `${op.name}: after ${next}`).toBeDefined();
        expect(seen.has(next), `${op.name}: after ${next} comes back`).toBe(false);
        seen.add(next);
      }
      // A stand-in replaces a member the data has; an answer's value needs an answer first.
      for (const [member, value] of Object.entries(fill ?? {})) {
        expect(Object.keys(data), `${op.name}: fill ${member}`).toContain(member);
        if ('answer' in value) expect(after, `${op.name}: fill ${member}`).toBeDefined();
      }
    }
  });

  it('enforces the documented limits of 30 ids', () => {
    const ids = Array.from({ length: 31 }, (_, i) => `d${i}`);
    expect(
      operation('documents.get').request.safeParse({ organizationId: 'o', documentIds: ids })
        .success,
    ).toBe(false);
    expect(
      operation('documents.get').request.safeParse({
        organizationId: 'o',
        documentIds: ids.slice(0, 30),
      }).success,
    ).toBe(true);
    expect(
      operation('notifications.config.v1').request.safeParse({
        organizationId: 'o',
        userId: 'u',
        documentIds: ids,
      }).success,
    ).toBe(false);
    expect(operation('documents.get').bulk?.maxBatch).toBe(30);
  });

  it('validates the rules the spec states on request bodies', () => {
    const activity = { featureType: 'custom', actionType: 'x', actionUser: { userId: 'u' } };
    const add = operation('activities.add').request;
    expect(
      add.safeParse({ organizationId: 'o', documentId: 'd', activities: [activity] }).success,
    ).toBe(false);
    expect(
      add.safeParse({
        organizationId: 'o',
        documentId: 'd',
        activities: [{ ...activity, targetEntityId: 't' }],
      }).success,
    ).toBe(true);

    const crdt = operation('crdt.update').request;
    const base = { organizationId: 'o', documentId: 'd', editorId: 'e' };
    expect(crdt.safeParse({ ...base, type: 'text', data: 'hi' }).success).toBe(true);
    const bad = crdt.safeParse({ ...base, type: 'text', data: { a: 1 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('data must be a string for type text');
    expect(crdt.safeParse({ ...base, type: 'map', data: [] }).success).toBe(false);
    expect(crdt.safeParse({ ...base, type: 'array', data: [{ a: 1 }] }).success).toBe(true);

    expect(operation('activities.delete').request.safeParse({ organizationId: 'o' }).success).toBe(
      false,
    );
    expect(operation('workspace.emailConfig').request.safeParse({}).success).toBe(false);
    expect(
      operation('workspace.emailConfig').request.safeParse({
        emailServiceConfig: { triggers: { 'comment.unknown': true } },
      }).success,
    ).toBe(false);
    expect(
      operation('notifications.config.v2').request.safeParse({ organizationId: 'o', userId: 'u' })
        .success,
    ).toBe(false);
    expect(
      operation('notifications.config.v2').request.safeParse({
        organizationId: 'o',
        userId: 'u',
        getOrganizationConfig: true,
      }).success,
    ).toBe(true);
  });

  it('accepts exactly the documented notification filter combinations', () => {
    const get = operation('notifications.get').request;
    const combos: Record<string, boolean> = {
      document: true,
      'document+ids': true,
      'document+location': true,
      'document+location+ids': true,
      user: true,
      'user+ids': true,
      'document+user': true,
      'location+user': true,
      'document+location+user': true,
      '': false,
      location: false,
      ids: false,
      'location+ids': false,
      'document+user+ids': false,
    };
    for (const [combo, ok] of Object.entries(combos)) {
      const parts = new Set(combo.split('+'));
      const data = {
        organizationId: 'o',
        ...(parts.has('document') && { documentId: 'd' }),
        ...(parts.has('location') && { locationId: 'l' }),
        ...(parts.has('user') && { userId: 'u' }),
        ...(parts.has('ids') && { notificationIds: ['n1'] }),
      };
      expect(get.safeParse(data).success, combo || '(none)').toBe(ok);
    }
  });
});

interface JsonSchemaNode {
  type?: string;
  maxItems?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  [member: string]: unknown;
}

/** Every node of a JSON Schema with the member name it sits under (`''` at the root). */
function* schemaNodes(node: JsonSchemaNode, key = ''): Generator<[string, JsonSchemaNode]> {
  yield [key, node];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    yield* schemaNodes(child, name);
  }
  if (node.items) yield* schemaNodes(node.items, `${key}[]`);
  for (const member of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = node[member];
    if (Array.isArray(options))
      for (const o of options) yield* schemaNodes(o as JsonSchemaNode, key);
  }
}

describe('request limits', () => {
  const requestSchema = (op: (typeof operations)[number]) =>
    z.toJSONSchema(op.request, { unrepresentable: 'any', io: 'input' }) as JsonSchemaNode;

  it('bounds the items of each bulk operation by the batch it declares', () => {
    for (const op of operations) {
      if (!('bulk' in op)) continue;
      const items = requestSchema(op).properties?.[op.bulk.itemsField];
      expect(items?.maxItems, op.name).toBe(op.bulk.maxBatch);
    }
  });

  it('bounds every list, and every id, of every request', () => {
    for (const op of operations) {
      for (const [key, node] of schemaNodes(requestSchema(op))) {
        const where = `${op.name} ${key}`;
        if (node.type === 'array') expect(node.maxItems, where).toBeLessThanOrEqual(100);
        if (node.type === 'string' && /(Id|Ids\[\])$/.test(key)) {
          expect(node.maxLength, where).toBe(MAX_ID_LENGTH);
        }
      }
    }
  });
});
