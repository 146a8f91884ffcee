#!/usr/bin/env node
// Runs after every build (tsup.config.ts, onSuccess). The MCP SDK builds about 180 zod
// schemas of the protocol as its module loads, and `svc mcp` has used 16 of them when it
// answers `tools/list`: building the rest cost about 20 to 30 ms of CPU at each start, on
// Node 20 and 24 alike, in runs in turns. This rewrites the chunk that holds the SDK so that
// each of those schemas is built when it is first read:
//
//     var FooSchema = object({ ... });   ->   var FooSchema$built; function FooSchema$get() {
//                                                return FooSchema$built ??= (object({ ... })); }
//
// and every read of `FooSchema` in the chunk becomes `FooSchema$get()`: the same object, made
// later. Only a schema is made lazy (a top-level variable of the SDK's named `...Schema`,
// never assigned again, never exported from the chunk), and the few values made from one
// that `madeFromSchemas` names. A property of a top-level object literal whose value is such
// a schema becomes a getter, so that a table of schemas does not build them all. The SDK's
// registry of spec types read every schema as it loaded; it reads each one on first use
// instead (`specRegistry` below).
//
// This holds while an initializer only builds a schema from others, which is what the SDK's
// do. svc pins the SDK exactly, and the build fails where the code could tell otherwise: the
// registry or a named value not as expected, a schema constructed with `new`, read at load
// before its declaration, or written through a table that became getters.
// Running the script again on the same dist/ changes nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';
import { analyze } from 'eslint-scope';
import MagicString from 'magic-string';

/** Where esbuild starts the SDK's modules in a chunk. */
const SDK_START = '\n// node_modules/@modelcontextprotocol/';
/** Where the modules after the SDK's, svc's own, start. */
const SRC_START = '\n// src/';
const schemaName = /Schema(\$\d+)?$/;
/**
 * Top-level values of the SDK that are not schemas but are made from some as it loads: what
 * its check of an elicitation form allows, read from 25 schemas. svc asks for no elicitation.
 */
const madeFromSchemas = new Set(['ROOT_KEYS', 'PROPERTY_KEYS_BY_TYPE', 'SUPPORTED_STRING_FORMATS']);

/** The SDK's registry of spec types, as it reads every schema at load, and the same lazily. */
export const specRegistry = {
  eager: [
    'function register(key, schema) {',
    '  const name = key.slice(0, -6);',
    '  _specTypeSchemas[name] = schema;',
    '  _isSpecType[name] = (v) => schema.safeParse(v).success;',
    '}',
    'for (const key of SPEC_SCHEMA_KEYS) register(key, schemas_exports[key]);',
    'for (const [key, schema] of Object.entries(authSchemas)) register(key, schema);',
  ].join('\n'),
  lazy: [
    'function register(key, from) {',
    '  const name = key.slice(0, -6);',
    '  Object.defineProperty(_specTypeSchemas, name, { enumerable: true, get: () => from[key] });',
    '  _isSpecType[name] = (v) => from[key].safeParse(v).success;',
    '}',
    'for (const key of SPEC_SCHEMA_KEYS) register(key, schemas_exports);',
    'for (const key of Object.keys(authSchemas)) register(key, authSchemas);',
  ].join('\n'),
};

/** Every node of `ast` with its parent. */
function parents(ast) {
  const parentOf = new Map();
  const visit = (node) => {
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child === null || typeof child !== 'object' || typeof child.type !== 'string') continue;
        parentOf.set(child, node);
        visit(child);
      }
    }
  };
  visit(ast);
  return parentOf;
}

/** Whether `identifier`'s member is assigned, updated or deleted: `table.key = value`. */
function memberWritten(identifier, parentOf) {
  const member = parentOf.get(identifier);
  if (member?.type !== 'MemberExpression' || member.object !== identifier) return false;
  const use = parentOf.get(member);
  return (
    (use.type === 'AssignmentExpression' && use.left === member) ||
    (use.type === 'UpdateExpression' && use.argument === member) ||
    (use.type === 'UnaryExpression' && use.operator === 'delete')
  );
}

/**
 * The object literals that initialize top-level variables, each with its variable's name and
 * whether a member of it is ever written.
 */
function topLevelTables(ast, moduleScope, parentOf) {
  const tables = new Map();
  for (const statement of ast.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const { id, init } of statement.declarations) {
      if (init?.type !== 'ObjectExpression' || id.type !== 'Identifier') continue;
      const variable = moduleScope.set.get(id.name);
      const written = variable.references.some((r) => memberWritten(r.identifier, parentOf));
      tables.set(init, { name: id.name, written });
    }
  }
  return tables;
}

/**
 * `code` with the SDK's schemas built on first read. `name` is the chunk's, for errors.
 * Returns the code unchanged when it holds no SDK module, or when it was rewritten already.
 */
export function lazySchemas(name, code) {
  const start = code.indexOf(SDK_START);
  if (start === -1) return code;
  const srcStart = code.indexOf(SRC_START, start);
  const end = srcStart === -1 ? code.length : srcStart;

  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module', ranges: true });
  const moduleScope = analyze(ast, { ecmaVersion: 2022, sourceType: 'module' }).scopes.find(
    (scope) => scope.type === 'module',
  );
  const parentOf = parents(ast);

  const declarations = new Map();
  for (const statement of ast.body) {
    if (statement.type !== 'VariableDeclaration' || statement.start < start) continue;
    if (statement.end > end || statement.declarations.length !== 1) continue;
    const [declarator] = statement.declarations;
    if (declarator.id.type !== 'Identifier' || declarator.init === null) continue;
    if (schemaName.test(declarator.id.name) || madeFromSchemas.has(declarator.id.name)) {
      declarations.set(declarator.id.name, { statement, declarator });
    }
  }

  const lazy = moduleScope.variables.filter((variable) => {
    const found = declarations.get(variable.name);
    if (found === undefined) return false;
    return variable.references.every(
      (reference) =>
        reference.identifier === found.declarator.id ||
        (!reference.isWrite() && parentOf.get(reference.identifier).type !== 'ExportSpecifier'),
    );
  });
  if (lazy.length === 0) {
    if (code.includes(specRegistry.lazy)) return code;
    throw new Error(`${name}: no schema of the MCP SDK found to build on first read`);
  }
  const missing = [...madeFromSchemas].filter((name) => !lazy.some((v) => v.name === name));
  if (missing.length > 0) {
    throw new Error(`${name}: ${missing.join(', ')} not found in the MCP SDK, or not only read`);
  }
  if (!code.includes(specRegistry.eager)) {
    throw new Error(`${name}: the MCP SDK's registry of spec types is not as expected`);
  }

  const out = new MagicString(code);
  const tables = topLevelTables(ast, moduleScope, parentOf);
  for (const variable of lazy) {
    const { statement, declarator } = declarations.get(variable.name);
    const built = `${variable.name}$built`;
    const get = `${variable.name}$get`;
    for (const added of [built, get]) {
      if (moduleScope.set.has(added))
        throw new Error(`${name}: ${added} is already a name in the chunk`);
    }
    out.overwrite(
      statement.start,
      declarator.init.start,
      `var ${built}; function ${get}() { return ${built} ??= (`,
    );
    out.overwrite(declarator.init.end, statement.end, '); }');
    for (const { identifier, from } of variable.references) {
      if (identifier === declarator.id) continue;
      const parent = parentOf.get(identifier);
      const refused = (why) => new Error(`${name}: ${variable.name} ${why}`);
      if (parent.type === 'NewExpression' && parent.callee === identifier) {
        throw refused('is constructed with new, not read');
      }
      // Read as the module loads, before its declaration: it was undefined there, and a
      // getter would build it instead.
      if (from.variableScope === moduleScope && identifier.start < statement.start) {
        throw refused('is read at load before its declaration');
      }
      const isProperty = parent.type === 'Property' && parent.value === identifier;
      const table = isProperty ? tables.get(parentOf.get(parent)) : undefined;
      if (isProperty && !parent.computed && table !== undefined) {
        const key = code.slice(parent.key.start, parent.key.end);
        if (key === '__proto__' || key === '"__proto__"') throw refused('sets a prototype');
        if (table.written) throw refused(`is in ${table.name}, which is written to`);
        out.overwrite(parent.start, parent.end, `get ${key}() { return ${get}(); }`);
      } else if (isProperty && parent.shorthand) {
        out.overwrite(identifier.start, identifier.end, `${variable.name}: ${get}()`);
      } else {
        out.overwrite(identifier.start, identifier.end, `${get}()`);
      }
    }
  }
  const rewritten = out.toString().replace(specRegistry.eager, () => specRegistry.lazy);
  parse(rewritten, { ecmaVersion: 'latest', sourceType: 'module' });
  return rewritten;
}

/** The chunks of the build in `dist` (a URL) that hold the SDK's modules, with their code. */
export function chunksWithSdk(dist) {
  return readdirSync(dist)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, code: readFileSync(new URL(file, dist), 'utf8') }))
    .filter(({ code }) => code.includes(SDK_START));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = new URL('../dist/', import.meta.url);
  const holders = chunksWithSdk(dist);
  if (holders.length !== 1) {
    throw new Error(`expected the MCP SDK in one chunk of dist/, found it in ${holders.length}`);
  }
  const [{ file, code }] = holders;
  const rewritten = lazySchemas(file, code);
  if (rewritten !== code) writeFileSync(new URL(file, dist), rewritten);
}
