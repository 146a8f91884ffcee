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
//   Node 20 (bench/RESULTS.md). The constants go first in the chunk, so that none of its code
//   can run before them; a chunk on a cycle of imports between chunks keeps its imports, as
//   another chunk's code could call into it before its first line runs. Node moves an
//   imported built-in binding only in `syncBuiltinESMExports()`, so a constant differs from
//   the import only where a module replaced a built-in's member before the chunk loaded:
//   graceful-fs (under proper-lockfile) wraps `fs.close` and `fs.closeSync`, and the chunks
//   loaded after it get the wrapper, which closes the file as the original does.
// - Two built-ins load on the first call of a function taken from them: `node:crypto` and
//   `node:fs/promises` cost Node 24 about 11 and 7 ms to load, and most commands use them
//   only to write a file or sign a token, if at all. A named function (`randomBytes`, not a
//   class such as `Hash`, nor a value such as `constants`) that the chunk only ever calls
//   becomes a function that loads the module once and calls its member, as it is at that
//   moment; anything else from them is read at once, as above.
//
// The escapes are checked: minified, the chunk must be the same program before and after,
// or the build fails. Running the script again on the same dist/ changes nothing.
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

/** The built-ins whose functions load them on their first call. */
const LOADED_ON_FIRST_CALL = new Map(
  await Promise.all(
    ['node:crypto', 'node:fs/promises'].map(async (module) => [module, await import(module)]),
  ),
);

/** The chunk's variable that holds a built-in once one of its functions has loaded it. */
const holder = (module) => `__svcLoaded_${module.replace(/\W/g, '_')}`;

/**
 * Whether `code` only ever calls `local`: each time the name stands alone (not as a member,
 * `.local`, nor inside a longer name), a call follows, and no `new`. Read as a value
 * (`promisify(local)`, `local.length`), the stand-in would not be the same function. Where
 * the name appears in a string or a comment it counts as read, and the built-in is read at
 * once, as before.
 */
function onlyCalled(code, local) {
  const escaped = local.replaceAll('$', '\\$');
  const uses = [...code.matchAll(new RegExp(`(?<![.\\w$])${escaped}(?![\\w$])`, 'g'))];
  return uses.every(({ index }) => {
    const before = code.slice(Math.max(0, index - 4), index);
    return /^\s*\(/.test(code.slice(index + local.length)) && !/new\s$/.test(before);
  });
}

/** Whether `member` of `module`, imported as `local`, can be a function called in its place. */
function callableLater(module, member, local, code) {
  const exports = LOADED_ON_FIRST_CALL.get(module);
  return (
    exports !== undefined &&
    typeof exports[member] === 'function' &&
    /^[a-z]/.test(member) &&
    onlyCalled(code, local)
  );
}

/**
 * The bindings of one import of a built-in (`groups`, as `builtinImport` matched them), as
 * constants read from it, or as functions that load it on their first call. `rest` is the
 * chunk without its imports of built-ins.
 */
function builtinConstant(rest, { name, namespace, named, module }) {
  const read = `globalThis.process.getBuiltinModule(${JSON.stringify(module)})`;
  if (name ?? namespace) return `const ${name ?? namespace} = ${read};`;
  const bindings = named
    .split(',')
    .map((binding) => binding.trim())
    .filter((binding) => binding !== '')
    .map((binding) => {
      const [member, local = member] = binding.split(/\s+as\s+/);
      return { member, local };
    });
  const later = bindings.filter(({ member, local }) => callableLater(module, member, local, rest));
  const now = bindings.filter((binding) => !later.includes(binding));
  const lines = later.map(
    ({ member, local }) =>
      `const ${local} = (...args) => (${holder(module)} ??= ${read}).${member}(...args);`,
  );
  if (now.length > 0) {
    const destructured = now.map(({ member, local }) =>
      member === local ? member : `${member}: ${local}`,
    );
    lines.unshift(`const { ${destructured.join(', ')} } = ${read};`);
  }
  return lines.join('\n');
}

/** A character as `\u` escapes of its UTF-16 code units. */
const escape = (char) =>
  Array.from(
    { length: char.length },
    (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`,
  ).join('');

const asProgram = (code) =>
  transformSync(code, { minify: true, format: 'esm', charset: 'utf8', legalComments: 'none' }).code;

/** A chunk's static imports of other chunks (`./chunk-X.js`), by file name. */
const chunkImport = /^(?:import|export)\b[^;]*?["']\.\/([\w.-]+\.js)["'];$/gm;

/**
 * The chunks on a cycle of static imports: their code can run before a chunk of the cycle
 * has run its first line. `chunks` maps each file name to its code.
 */
export function chunksOnCycles(chunks) {
  const imports = new Map(
    [...chunks].map(([name, code]) => [name, [...code.matchAll(chunkImport)].map((m) => m[1])]),
  );
  const onCycle = new Set();
  // Tarjan's strongly connected components: a component of two or more chunks, or of one
  // that imports itself, is a cycle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let next = 0;
  const visit = (name) => {
    index.set(name, next);
    low.set(name, next++);
    stack.push(name);
    onStack.add(name);
    for (const target of imports.get(name) ?? []) {
      if (!imports.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(name, Math.min(low.get(name), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(name, Math.min(low.get(name), index.get(target)));
      }
    }
    if (low.get(name) !== index.get(name)) return;
    const component = [];
    for (let member; member !== name;) {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    }
    if (component.length > 1 || imports.get(name).includes(name)) {
      for (const member of component) onCycle.add(member);
    }
  };
  for (const name of imports.keys()) if (!index.has(name)) visit(name);
  return onCycle;
}

/**
 * The chunk `name` as it is written: the banner only if the code reads `require`, ASCII, and
 * unless `onCycle`, built-ins read rather than imported. A chunk without the banner was
 * rewritten already, unless it reads `require`.
 */
export function rewriteChunk(name, original, { onCycle = false } = {}) {
  const hasBanner = original.startsWith(BANNER);
  const body = hasBanner ? original.slice(BANNER.length) : original;
  const needsBanner = usesRequire.test(body);
  if (!hasBanner && needsBanner) throw new Error(`${name} does not start with the banner`);
  const ascii = body.replaceAll(/[\u0080-\u{10ffff}]/gu, escape);
  if (ascii !== body && asProgram(ascii) !== asProgram(body)) {
    throw new Error(`${name}: a character outside ASCII is not in a comment`);
  }
  const imports = [];
  const rest = onCycle
    ? ascii
    : ascii.replaceAll(builtinImport, (...match) => {
        imports.push(match.at(-1));
        return '';
      });
  const constants = imports.map((groups) => builtinConstant(rest, groups));
  const holders = [...LOADED_ON_FIRST_CALL.keys()]
    .map(holder)
    .filter((name) => constants.some((constant) => constant.includes(`(${name} ??=`)));
  if (holders.length > 0) constants.unshift(`let ${holders.join(', ')};`);
  const read = constants.length > 0 ? `${constants.join('\n')}\n${rest}` : rest;
  return needsBanner ? BANNER + read : read;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = new URL('../dist/', import.meta.url);
  const names = readdirSync(dist).filter((f) => f.endsWith('.js'));
  const chunks = new Map(names.map((name) => [name, readFileSync(new URL(name, dist), 'utf8')]));
  const onCycles = chunksOnCycles(chunks);
  for (const [name, original] of chunks) {
    const rewritten = rewriteChunk(name, original, { onCycle: onCycles.has(name) });
    if (rewritten !== original) writeFileSync(new URL(name, dist), rewritten);
  }
}
