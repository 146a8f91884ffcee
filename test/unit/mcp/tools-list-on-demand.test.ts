import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { JsonSchema } from '../../../src/mcp/json-schema.js';
import { toolSpecs } from '../../../src/mcp/tools.js';

/** Each read of an operation's request or response schema, as `name.request`. */
const reads = vi.hoisted(() => [] as string[]);

vi.mock('../../../src/catalogue/operations.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/catalogue/operations.js')>();
  const counted = <Op extends { name: string }>(op: Op): Op =>
    new Proxy(op, {
      get(target, key, receiver) {
        if (key === 'request' || key === 'response') reads.push(`${op.name}.${key}`);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  const operation: typeof real.operation = (name) => counted(real.operation(name));
  return { ...real, operation };
});

describe('what tools/list shows, given what the build wrote', () => {
  it("reads none of the catalogue's schemas: a tool's first call does", () => {
    const served = JSON.parse(
      readFileSync(new URL('../../e2e/__snapshots__/mcp-tools-list.json', import.meta.url), 'utf8'),
    ) as { name: string; description: string; inputSchema: JsonSchema; outputSchema: JsonSchema }[];
    const built = Object.fromEntries(
      served.map((t) => [
        t.name,
        { description: t.description, input: t.inputSchema, output: t.outputSchema },
      ]),
    );
    const listed = toolSpecs(undefined, built).map((t) => [
      t.name,
      t.title,
      t.description,
      t.annotations,
      t.inputJson,
      t.outputJson,
    ]);
    expect(listed).toHaveLength(served.length);
    expect(reads).toEqual([]);
    // Whether a tool pages is told from its schemas, when its first call asks.
    expect(toolSpecs(['docs_list'], built)[0]?.listing).toEqual({ kind: 'list' });
    expect(reads).toContain('documents.get.response');
  });
});
