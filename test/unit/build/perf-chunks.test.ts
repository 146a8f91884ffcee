import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { BANNER, chunksOnCycles, rewriteChunk } from '../../../scripts/perf-chunks.mjs';
import buildConfig from '../../../tsup.config.js';

const rewrite = rewriteChunk as (
  name: string,
  original: string,
  options?: { onCycle?: boolean },
) => string;
const onCycles = chunksOnCycles as (chunks: Map<string, string>) => Set<string>;
const banner = BANNER as string;

describe('the rewrite of the built chunks (scripts/perf-chunks.mjs)', () => {
  it("knows tsup's banner as tsup.config.ts sets it", () => {
    const config = buildConfig as { banner?: { js?: string } };
    expect(`${config.banner?.js ?? ''}\n`).toBe(banner);
  });

  it('keeps the banner only in a chunk that reads require', () => {
    const reads = 'var a = require("node:fs");\n';
    const member = 'var b = module.require;\nvar requirement = 1;\n';
    expect(rewrite('a.js', banner + reads)).toBe(banner + reads);
    expect(rewrite('b.js', banner + member)).toBe(member);
  });

  it('writes characters outside ASCII in comments as \\u escapes', () => {
    const code = '// a dash \u2014 and an emoji \u{1f600}\nvar s = 1;\n';
    expect(rewrite('c.js', banner + code)).toBe(
      '// a dash \\u2014 and an emoji \\ud83d\\ude00\nvar s = 1;\n',
    );
  });

  it('fails the build when an escape would change what the code does', () => {
    // In a regular expression `\u2014` is the same character, but not the same source text
    // once minified: only comments and strings may be rewritten without a second look.
    expect(() => rewrite('d.js', banner + 'var r = /\u2014/;\n')).toThrow(
      'd.js: a character outside ASCII is not in a comment',
    );
  });

  it('reads built-in modules instead of importing them, first in the chunk', () => {
    const code = [
      'import { helper } from "./chunk-ABC.js";',
      'import process2 from "node:process";',
      'import * as fs from "node:fs";',
      '// src/later.ts',
      'import { join, resolve as resolve2 } from "node:path";',
      'import * as os from "node:os";',
      'var x = 1;',
      '',
    ].join('\n');
    const read = (module: string) => `globalThis.process.getBuiltinModule("${module}")`;
    expect(rewrite('f.js', banner + code)).toBe(
      [
        `const process2 = ${read('node:process')};`,
        `const fs = ${read('node:fs')};`,
        `const { join, resolve: resolve2 } = ${read('node:path')};`,
        `const os = ${read('node:os')};`,
        'import { helper } from "./chunk-ABC.js";',
        '',
        '',
        '// src/later.ts',
        '',
        '',
        'var x = 1;',
        '',
      ].join('\n'),
    );
  });

  it("makes node:crypto's and node:fs/promises' functions load their module on first call", () => {
    const code = [
      'import {',
      '  createHash,',
      '  Hash,',
      '  randomBytes as bytes',
      '} from "node:crypto";',
      'import { constants, open } from "node:fs/promises";',
      'import * as crypto2 from "node:crypto";',
      'var x = 1;',
      '',
    ].join('\n');
    const crypto = 'globalThis.process.getBuiltinModule("node:crypto")';
    const promises = 'globalThis.process.getBuiltinModule("node:fs/promises")';
    const cryptoHolder = '__svcLoaded_node_crypto';
    const promisesHolder = '__svcLoaded_node_fs_promises';
    expect(rewrite('l.js', banner + code)).toBe(
      [
        `let ${cryptoHolder}, ${promisesHolder};`,
        `const { Hash } = ${crypto};`,
        `const createHash = (...args) => (${cryptoHolder} ??= ${crypto}).createHash(...args);`,
        `const bytes = (...args) => (${cryptoHolder} ??= ${crypto}).randomBytes(...args);`,
        `const { constants } = ${promises};`,
        `const open = (...args) => (${promisesHolder} ??= ${promises}).open(...args);`,
        `const crypto2 = ${crypto};`,
        '',
        '',
        '',
        'var x = 1;',
        '',
      ].join('\n'),
    );
  });

  it('reads at once a function that the chunk reads as a value or constructs', () => {
    const code = [
      'import { createHash, randomBytes, randomUUID } from "node:crypto";',
      'var p = promisify(randomBytes);',
      'var u = new randomUUID();',
      'var h = createHash ("sha256");',
      '',
    ].join('\n');
    const crypto = 'globalThis.process.getBuiltinModule("node:crypto")';
    const holder = '__svcLoaded_node_crypto';
    expect(rewrite('n.js', code).split('\n').slice(0, 3)).toEqual([
      `let ${holder};`,
      `const { randomBytes, randomUUID } = ${crypto};`,
      `const createHash = (...args) => (${holder} ??= ${crypto}).createHash(...args);`,
    ]);
  });

  it('loads node:crypto only when a function from it is first called, and then gives its result', () => {
    const code = [
      'import { createHash, randomBytes } from "node:crypto";',
      'const before = process.moduleLoadList.includes("NativeModule crypto");',
      'const digest = createHash("sha256").update("svc").digest("hex");',
      'const after = process.moduleLoadList.includes("NativeModule crypto");',
      'process.stdout.write(JSON.stringify([before, after, digest, randomBytes(4).length]));',
      '',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', rewrite('m.js', code)], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([
      false,
      true,
      createHash('sha256').update('svc').digest('hex'),
      4,
    ]);
  });

  it('leaves alone the imports it does not read, and every import of a chunk on a cycle', () => {
    const kept = [
      'import fs, { readFileSync } from "node:fs";',
      'import "node:process";',
      "import { join } from 'node:path';",
      'var x = 1;',
      '',
    ].join('\n');
    expect(rewrite('g.js', banner + kept)).toBe(kept);
    const cyclic = 'import { join } from "node:path";\nvar y = join("a");\n';
    expect(rewrite('h.js', banner + cyclic, { onCycle: true })).toBe(cyclic);
  });

  it('finds the chunks on a cycle of static imports, and only those', () => {
    const chunks = new Map([
      ['a.js', 'import { b } from "./b.js";\n'],
      ['b.js', 'import {\n  c\n} from "./c.js";\n'],
      ['c.js', 'export { a } from "./a.js";\n'],
      ['d.js', 'import "./a.js";\nconst e = () => import("./e.js");\n'],
      ['e.js', 'import { d } from "./d.js";\n'],
      ['f.js', 'import { f } from "./f.js";\n'],
      ['g.js', 'import { join } from "node:path";\n'],
    ]);
    expect([...onCycles(chunks)].sort()).toEqual(['a.js', 'b.js', 'c.js', 'f.js']);
  });

  it('leaves a chunk whose built-ins it reads working as before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-chunks-'));
    try {
      const file = join(dir, 'chunk.mjs');
      const code = [
        'import { join as joined } from "node:path";',
        'import os from "node:os";',
        'import * as util from "node:util";',
        'export const result = [joined("a", "b"), typeof os.tmpdir, util.format("%d", 7)];',
        '',
      ].join('\n');
      const rewritten = rewrite('chunk.mjs', banner + code);
      expect(rewritten).not.toContain('import ');
      writeFileSync(file, rewritten);
      const loaded = (await import(pathToFileURL(file).href)) as { result: unknown };
      expect(loaded.result).toEqual([join('a', 'b'), 'function', '7']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('changes nothing when run again, and refuses a chunk that lost the banner it needs', () => {
    const chunks = [
      'var a = require("x");\n',
      '// \u00e9\nvar b = 2;\n',
      '// \u00e9\nimport { join } from "node:path";\nvar c = join("a");\n',
    ].map((c) => banner + c);
    const once = chunks.map((c, i) => rewrite(`${i}.js`, c));
    expect(once.map((c, i) => rewrite(`${i}.js`, c))).toEqual(once);
    expect(() => rewrite('e.js', 'var a = require("x");\n')).toThrow(
      'e.js does not start with the banner',
    );
  });
});

describe("commander's node:child_process, loaded on first use", () => {
  it('gives each member of the real module', () => {
    const require = createRequire(import.meta.url);
    const shim = require('../../../scripts/perf-commander-child-process.cjs') as Record<
      string,
      unknown
    >;
    const real = require('node:child_process') as Record<string, unknown>;
    for (const name of ['spawn', 'execFile', 'fork', 'ChildProcess']) {
      expect(shim[name]).toBe(real[name]);
    }
  });
});
