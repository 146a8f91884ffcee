#!/usr/bin/env node
// Runs after every build, before anything loads the build (tsup.config.ts, onSuccess). Two
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

/** A character as `\u` escapes of its UTF-16 code units. */
const escape = (char) =>
  Array.from(
    { length: char.length },
    (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`,
  ).join('');

const asProgram = (code) =>
  transformSync(code, { minify: true, format: 'esm', charset: 'utf8', legalComments: 'none' }).code;

/**
 * The chunk `name` as it is written: the banner only if the code reads `require`, and ASCII.
 * A chunk without the banner was rewritten already, unless it reads `require`.
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
  return needsBanner ? BANNER + ascii : ascii;
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
