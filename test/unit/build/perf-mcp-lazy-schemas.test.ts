import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { lazySchemas, specRegistry } from '../../../scripts/perf-mcp-lazy-schemas.mjs';

const rewrite = lazySchemas as (name: string, code: string) => string;
const registry = specRegistry as { eager: string; lazy: string };

/** A chunk shaped as esbuild writes the SDK's: schemas, a table of them, its registry. */
const chunk = [
  'var built = [];',
  'var make = (name, parts = {}) => {',
  '  built.push(name);',
  '  return { name, parts, safeParse: (v) => ({ success: v === name }) };',
  '};',
  '',
  '// node_modules/@modelcontextprotocol/core/dist/schemas-X.mjs',
  'var schemas_exports = {};',
  'var BaseSchema = make("Base");',
  'var ListSchema = make("List", { base: BaseSchema });',
  'var TreeSchema = make("Tree", { self: () => TreeSchema });',
  'var AliasSchema = ListSchema;',
  'var ReadAtLoadSchema = make("ReadAtLoad");',
  'var DeepSchema = make("Deep");',
  'var ExportedSchema = make("Exported");',
  'var ReassignedSchema = make("Reassigned");',
  'ReassignedSchema = make("Reassigned again");',
  'Object.defineProperty(schemas_exports, "BaseSchema", { get: () => BaseSchema, enumerable: true });',
  'Object.defineProperty(schemas_exports, "ListSchema", { get: () => ListSchema, enumerable: true });',
  'var SPEC_SCHEMA_KEYS = ["BaseSchema", "ListSchema"];',
  'var OAuthSchema = make("OAuth");',
  'var authSchemas = { OAuthSchema };',
  'var table = { tree: TreeSchema, alias: AliasSchema, nested: { deep: DeepSchema } };',
  'var atLoad = ReadAtLoadSchema.name;',
  'var ROOT_KEYS = new Set(Object.keys(ListSchema.parts));',
  'var PROPERTY_KEYS_BY_TYPE = { list: ListSchema.name };',
  'var SUPPORTED_STRING_FORMATS = new Set([BaseSchema.name]);',
  'var rootKeys = () => [...ROOT_KEYS];',
  'function shadow(BaseSchema) { return BaseSchema; }',
  'var kindOf = () => typeof TreeSchema;',
  'var _specTypeSchemas = {};',
  'var _isSpecType = {};',
  registry.eager,
  'var specTypeSchemas = Object.freeze(_specTypeSchemas);',
  'var isSpecType = Object.freeze(_isSpecType);',
  '',
  '// src/mcp/server.ts',
  'var builtAtLoad = [...built];',
  'export { atLoad, built, builtAtLoad, ExportedSchema, isSpecType, kindOf, rootKeys, shadow, specTypeSchemas, table };',
  '',
].join('\n');

interface Schema {
  name: string;
  parts: Record<string, unknown>;
}
interface Loaded {
  built: string[];
  builtAtLoad: string[];
  atLoad: string;
  table: { tree: Schema; alias: Schema; nested: { deep: Schema } };
  specTypeSchemas: Record<string, Schema>;
  isSpecType: { OAuth: (v: unknown) => boolean };
  rootKeys: () => string[];
  shadow: (value: unknown) => unknown;
  kindOf: () => string;
}

async function load(dir: string, name: string, code: string): Promise<Loaded> {
  const file = join(dir, name);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)) as Loaded;
}

describe("the MCP SDK's schemas, built on first read (scripts/perf-mcp-lazy-schemas.mjs)", () => {
  it('builds at load only what is read at load, and gives the same schemas after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-lazy-schemas-'));
    try {
      const before = await load(dir, 'before.mjs', chunk);
      const after = await load(dir, 'after.mjs', rewrite('after.mjs', chunk));
      expect(before.builtAtLoad).toEqual([
        'Base',
        'List',
        'Tree',
        'ReadAtLoad',
        'Deep',
        'Exported',
        'Reassigned',
        'Reassigned again',
        'OAuth',
      ]);
      // A schema nested in a table, read at load, one exported from the chunk, and one
      // assigned again are built as before; the rest wait.
      expect(after.builtAtLoad).toEqual([
        'Exported',
        'Reassigned',
        'Reassigned again',
        'Deep',
        'ReadAtLoad',
      ]);

      for (const loaded of [before, after]) {
        expect(loaded.atLoad).toBe('ReadAtLoad');
        expect(loaded.table.tree.parts.self).toBeTypeOf('function');
        expect((loaded.table.tree.parts.self as () => Schema)()).toBe(loaded.table.tree);
        expect(loaded.table.alias).toBe(loaded.specTypeSchemas.List);
        expect(loaded.table.alias.parts.base).toBe(loaded.specTypeSchemas.Base);
        expect(Object.keys(loaded.specTypeSchemas)).toEqual(['Base', 'List', 'OAuth']);
        expect(loaded.isSpecType.OAuth('OAuth')).toBe(true);
        expect(loaded.isSpecType.OAuth('Base')).toBe(false);
        expect(Object.isFrozen(loaded.specTypeSchemas)).toBe(true);
        expect(loaded.shadow(7)).toBe(7);
        expect(loaded.kindOf()).toBe('object');
      }
      expect(after.built).toEqual([...after.builtAtLoad, 'Tree', 'Base', 'List', 'OAuth']);
      // A value the SDK makes from a schema as it loads waits for its first read too.
      const fresh = await load(dir, 'fresh.mjs', rewrite('fresh.mjs', chunk));
      expect(fresh.rootKeys()).toEqual(['base']);
      expect(fresh.built).toEqual([...fresh.builtAtLoad, 'Base', 'List']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('changes nothing when run again, nor in a chunk without the SDK', () => {
    const once = rewrite('a.js', chunk);
    expect(once).toContain(registry.lazy);
    expect(rewrite('a.js', once)).toBe(once);
    const plain = 'var FooSchema = make("Foo");\nexport { FooSchema };\n';
    expect(rewrite('b.js', plain)).toBe(plain);
  });

  it('leaves a name that an inner scope declares again as it is', () => {
    expect(rewrite('s.js', chunk)).toContain('function shadow(BaseSchema) { return BaseSchema; }');
  });

  it('fails the build where a getter would not give what the code read before', () => {
    const refused = (from: string, to: string) => () => rewrite('r.js', chunk.replace(from, to));
    expect(refused('var atLoad =', 'var made = new DeepSchema();\nvar atLoad =')).toThrow(
      'r.js: DeepSchema is constructed with new, not read',
    );
    expect(refused('var BaseSchema =', 'var early = ListSchema;\nvar BaseSchema =')).toThrow(
      'r.js: ListSchema is read at load before its declaration',
    );
    expect(refused('var atLoad =', 'table.extra = 1;\nvar atLoad =')).toThrow(
      /^r\.js: \w+Schema is in table, which is written to$/,
    );
    expect(refused('var atLoad =', 'var proto = { __proto__: BaseSchema };\nvar atLoad =')).toThrow(
      'r.js: BaseSchema sets a prototype',
    );
  });

  it('fails the build when the SDK is not as it expects', () => {
    expect(() => rewrite('c.js', chunk.replace(registry.eager, ''))).toThrow(
      "c.js: the MCP SDK's registry of spec types is not as expected",
    );
    expect(() => rewrite('e.js', chunk.replace('var ROOT_KEYS =', 'var OTHER_KEYS ='))).toThrow(
      'e.js: ROOT_KEYS not found in the MCP SDK, or not only read',
    );
    const noSchemas = '\n// node_modules/@modelcontextprotocol/core/dist/x.mjs\nvar a = 1;\n';
    expect(() => rewrite('d.js', noSchemas)).toThrow(
      'd.js: no schema of the MCP SDK found to build on first read',
    );
  });
});
