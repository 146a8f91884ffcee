import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_ID_LENGTH } from '../../../src/catalogue/limits.js';
import { operation, operationForPath, operations } from '../../../src/catalogue/operations.js';
import type { Operation } from '../../../src/catalogue/types.js';
import {
  documentedRows,
  envelopeKinds,
  numbersCell,
  specRows,
  traitRows,
} from '../../support/api-doc.js';

const numbersWhere = (keep: (op: Operation) => boolean) =>
  operations.filter((op) => keep(op)).map((op) => op.number);

/**
 * The rows of docs/api.md's trait table and what makes an operation have each trait. Each
 * is a member of `Operation`; a boolean member missing here fails the test below.
 */
const traits: Record<string, { member: keyof Operation; has: (op: Operation) => boolean }> = {
  readOnly: { member: 'readOnly', has: (op) => op.readOnly },
  'idempotent: false': { member: 'idempotent', has: (op) => !op.idempotent },
  destructive: { member: 'destructive', has: (op) => op.destructive },
  overwrites: { member: 'overwrites', has: (op) => op.overwrites === true },
  openWorld: { member: 'openWorld', has: (op) => op.openWorld === true },
  slow: { member: 'slow', has: (op) => op.slow },
  bulk: { member: 'bulk', has: (op) => op.bulk !== undefined },
};

describe('operations catalogue', () => {
  it('has every operation docs/api.md lists, with its path and auth level', () => {
    // The spec's own table, read from the document: none of its rows may be missing.
    expect(specRows.length).toBeGreaterThan(0);
    for (const row of documentedRows) {
      const op = operations.find((o) => o.number === row.number);
      expect(op, `operation ${row.number}`).toBeDefined();
      expect(op?.path, `operation ${row.number}`).toBe(row.path);
      expect(op?.auth, `operation ${row.number}`).toBe(row.auth);
      expect(op?.version, `operation ${row.number}`).toBe(row.path.split('/')[1]);
    }
  });

  it('lists in docs/api.md every operation it has, numbered 1 to the last', () => {
    const documented = new Set(documentedRows.map((row) => row.number));
    for (const op of operations) {
      expect(documented.has(op.number), `${op.name} (${op.number}) is not in api.md`).toBe(true);
    }
    expect(documentedRows).toHaveLength(operations.length);
    expect(operations.map((o) => o.number)).toEqual(operations.map((_, i) => i + 1));
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

  it('gives each operation the envelope docs/api.md gives it, and its status', () => {
    const kinds = envelopeKinds();
    expect([...kinds.keys()].sort()).toEqual(['ai', 'no-data', 'standard', 'top-level']);
    for (const [kind, numbers] of kinds) {
      expect(numbersCell(numbersWhere((op) => op.envelope === kind)), kind).toBe(
        numbersCell(numbers),
      );
    }
    // The top-level envelope is the one that answers 202 (its `statusCode`).
    for (const op of operations) {
      expect(op.successStatus, op.name).toBe(op.envelope === 'top-level' ? 202 : 200);
    }
  });

  it('has the traits the trait table of docs/api.md gives each operation', () => {
    const table = traitRows();
    expect([...table.keys()].sort()).toEqual(Object.keys(traits).sort());
    for (const [trait, { has }] of Object.entries(traits)) {
      // The cell to write in the table, when they differ.
      expect(numbersCell(table.get(trait) ?? []), `api.md, trait ${trait}`).toBe(
        numbersCell(numbersWhere(has)),
      );
    }
    // Every yes-or-no member of an entry is a row of the table.
    const members = new Set(Object.values(traits).map((t) => t.member));
    for (const op of operations) {
      for (const [key, value] of Object.entries(op)) {
        if (typeof value === 'boolean') expect(members.has(key as keyof Operation), key).toBe(true);
      }
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
