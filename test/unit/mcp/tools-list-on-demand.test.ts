import { describe, expect, it, vi } from 'vitest';

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

describe('what tools/list shows, given the committed tool list', () => {
  it("reads none of the catalogue's schemas: a tool's first call does", async () => {
    // Loaded afresh, through the counting catalogue: the unit tests share their workers'
    // modules, and another file may have loaded these with the real one.
    vi.resetModules();
    const { toolSpecs } = await import('../../../src/mcp/tools.js');
    const { committedToolList } = await import('../../../src/mcp/tools-list.js');
    const { toolNames } = await import('../../../src/commands/mcp/tool-names.js');
    const committed = committedToolList() ?? [];
    const listed = toolSpecs(toolNames, undefined, committed).map((t) => [
      t.name,
      t.title,
      t.description,
      t.annotations,
      t.inputJson,
      t.outputJson,
    ]);
    expect(listed).toHaveLength(committed.length);
    expect(committed.length).toBeGreaterThan(0);
    expect(reads).toEqual([]);
    // Whether a tool pages is told from its schemas, when its first call asks.
    expect(toolSpecs(toolNames, ['docs_list'], committed)[0]?.listing).toEqual({ kind: 'list' });
    expect(reads).toContain('documents.get.response');
  });
});
