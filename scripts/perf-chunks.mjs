#!/usr/bin/env node
// Runs after every build, before anything loads the build (tsup.config.ts, onSuccess). Three
// changes to dist/*.js that leave what the code does as it was, each worth a little to every
// command, which loads some 40 chunks:
//
// - The banner that gives a chunk a `require` (tsup.config.ts) stays only in the chunks that
//   use one. Creating a require resolves the chunk's path and every node_modules directory
//   above it, and most chunks never call it: esbuild's `__require` lives in one chunk.
// - Characters outside ASCII, which esbuild leaves only in comments, are written as `\u`
//   escapes. One such character makes Node decode the whole file from UTF-8, where an ASCII
//   file is copied as it is, and one outside Latin-1 (a dash, an ellipsis) makes V8 hold it
//   as two-byte characters: zod's, undici's, commander's and the catalogue's chunks had some.
// - Node's built-in modules are read with `process.getBuiltinModule()` rather than imported.
//   Importing one as an ES module makes Node evaluate every export of it, getters included:
//   `node:crypto`'s load Web Crypto and more, `node:process`'s the diagnostic report and v8's
//   heap utilities. A round trip ran about 18M instructions fewer on Node 24 (3.9%), 10M on
//   Node 20 (bench/RESULTS.md). Node moves a built-in's ES module bindings only when
//   `syncBuiltinESMExports()` is called, which nothing in svc does, so a binding read once is
//   the same as the import's.
//
// Each rewritten chunk is checked against the original: minified, both must be the same
// program, or the build fails. Running it again on the same dist/ changes nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

/** tsup's banner (tsup.config.ts, where a test holds the two the same), with its newline. */
export const BANNER =
  "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);\n";
/** `require` as a name the code reads, not as a member (`.require`) or part of a name. */
const usesRequire = /(?<![.\w$])require\b/;

/**
 * An import of a built-in module as esbuild writes one, on a line of its own: a default, a
 * namespace or named bindings (`{ a, b as c }`, maybe over several lines).
 */
const builtinImport =
  /^import (?:(?<name>[\w$]+)|\* as (?<namespace>[\w$]+)|\{(?<named>[^}]*)\}) from "(?<module>node:[\w/]+)";$/gm;

/** The same bindings, as constants read from the loaded built-in. */
function builtinConstant(...match) {
  const { name, namespace, named, module } = match.at(-1);
  const loaded = `globalThis.process.getBuiltinModule(${JSON.stringify(module)})`;
  if (name ?? namespace) return `const ${name ?? namespace} = ${loaded};`;
  const bindings = named
    .split(',')
    .map((binding) => binding.trim())
    .filter((binding) => binding !== '')
    .map((binding) => binding.replace(/^([\w$]+) as ([\w$]+)$/, '$1: $2'));
  return `const { ${bindings.join(', ')} } = ${loaded};`;
}

/** A character as `\u` escapes of its UTF-16 code units. */
const escape = (char) =>
  Array.from(
    { length: char.length },
    (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`,
  ).join('');

const asProgram = (code) =>
  transformSync(code, { minify: true, format: 'esm', charset: 'utf8', legalComments: 'none' }).code;

/**
 * The chunk `name` as it is written: the banner only if the code reads `require`, built-ins
 * read rather than imported, and ASCII. A chunk without the banner was rewritten already,
 * unless it reads `require`.
 */
export function rewriteChunk(name, original) {
  const hasBanner = original.startsWith(BANNER);
  const body = hasBanner ? original.slice(BANNER.length) : original;
  const needsBanner = usesRequire.test(body);
  if (!hasBanner && needsBanner) throw new Error(`${name} does not start with the banner`);
  const ascii = body.replaceAll(/[\u0080-\u{10ffff}]/gu, escape);
  if (ascii !== body && asProgram(ascii) !== asProgram(body)) {
    throw new Error(`${name}: a character outside ASCII is not in a comment`);
  }
  const read = ascii.replaceAll(builtinImport, builtinConstant);
  return needsBanner ? BANNER + read : read;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = new URL('../dist/', import.meta.url);
  for (const name of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
    const file = new URL(name, dist);
    const original = readFileSync(file, 'utf8');
    const rewritten = rewriteChunk(name, original);
    if (rewritten !== original) writeFileSync(file, rewritten);
  }
}
