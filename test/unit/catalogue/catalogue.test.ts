import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_ID_LENGTH } from '../../../src/catalogue/limits.js';
import { operation, operationForPath, operations } from '../../../src/catalogue/operations.js';

const spec = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

/** The summary table of docs/api.md: `| # | Path | Auth | Purpose |`. */
const specRows = [...spec.matchAll(/^\| (\d+) \| (\/v\d\/[^ ]+) \| ([WKP]) \|/gm)].map((m) => ({
  number: Number(m[1]),
  path: m[2],
  auth: { W: 'workspace', K: 'key', P: 'public' }[m[3] as 'W' | 'K' | 'P'],
}));

describe('operations catalogue', () => {
  it('has every operation of the spec with its path and auth level, plus the deletion status', () => {
    expect(specRows).toHaveLength(27);
    for (const row of specRows) {
      const op = operations.find((o) => o.number === row.number);
      expect(op, `operation ${row.number}`).toBeDefined();
      expect(op?.path).toBe(row.path);
      expect(op?.auth).toBe(row.auth);
      expect(op?.version).toBe(row.path?.split('/')[1]);
    }
    expect(operations.map((o) => o.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 37 }, (_, i) => i + 1),
    );
    expect(operation('users.purgeStatus').path).toBe('/v2/users/data/delete/status');
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

  it('keeps the envelope kinds of the spec', () => {
    const kinds = Object.fromEntries(operations.map((o) => [o.number, o.envelope]));
    expect(kinds[16]).toBe('top-level');
    expect(kinds[25]).toBe('ai');
    expect(kinds[21]).toBe('no-data');
    expect(operations.filter((o) => o.envelope === 'standard')).toHaveLength(34);
    expect(operation('users.purge').successStatus).toBe(202);
    expect(operation('users.purge').slow).toBe(true);
  });

  it('marks destructive and non-idempotent operations as the contract needs', () => {
    const destructive = operations.filter((o) => o.destructive).map((o) => o.number);
    expect(destructive.sort((a, b) => a - b)).toEqual([11, 13, 15, 16, 18, 36]);
    for (const n of [1, 5, 16, 25, 26]) {
      expect(operations.find((o) => o.number === n)?.idempotent, `op ${n}`).toBe(false);
    }
    for (const op of operations.filter((o) => o.readOnly))
      expect(op.idempotent, op.name).toBe(true);
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
