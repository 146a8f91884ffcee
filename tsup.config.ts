import type { Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

/**
 * `undici` in the bundle is the agent and its request API only, without HTTP/2 (see the
 * comments of the two modules it stands on).
 */
export const undiciAgentOnly: Plugin = {
  name: 'undici-agent-only',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({
      path: fileURLToPath(new URL('./scripts/perf-undici-entry.mjs', import.meta.url)),
    }));
    build.onResolve({ filter: /^\.\/client-h2\.js$/ }, ({ importer }) =>
      importer.includes('/node_modules/undici/')
        ? { path: fileURLToPath(new URL('./scripts/perf-undici-no-h2.cjs', import.meta.url)) }
        : undefined,
    );
  },
};

/** The MCP server SDK without AJV (see scripts/perf-mcp-shims.mjs). */
export const mcpShims: Plugin = {
  name: 'mcp-shims',
  setup(build) {
    build.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({
      path: fileURLToPath(new URL('./scripts/perf-mcp-shims.mjs', import.meta.url)),
    }));
  },
};

/**
 * How the npm package's code is bundled, whatever its entries and layout: bench/floor/ bundles
 * its programs the same way.
 */
export const svcBundling = {
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  // Built-in modules keep their `node:` names, as the source writes them.
  removeNodeProtocol: false,
  esbuildPlugins: [undiciAgentOnly, mcpShims],
  // Bundled CommonJS packages call require(); ESM chunks have none of their own. Every chunk
  // gets one, made at its first call: a round trip loads some 45 chunks, making 45 costs 2 to
  // 5 ms on Node 24 and 26, and only the chunk holding esbuild's `__require` calls its own.
  banner: {
    js: "import { createRequire as __svcCreateRequire } from 'node:module'; let __svcRequire; const require = (id) => (__svcRequire ??= __svcCreateRequire(import.meta.url))(id);",
  },
} satisfies Options;

/** The package's `@svc-cli/svc/emulator` export (src/emulator/library.ts). */
const library = 'src/emulator/library.ts';

// Native better-sqlite3 (the emulator's SQLite on Node 20 only, src/emulator/store/sqlite.ts)
// cannot be bundled; Node resolves it from node_modules, where the user installed it. Every
// other dependency is bundled.
const bundled = [/^(?!better-sqlite3(\/|$))/];

// Three configs, which tsup builds at the same time, not one after another: the ESM bundle,
// the library for require(), and the library's declarations for both. Only the first cleans
// dist/, and it spares the files the other two write there, whichever finishes first. It
// emits no declarations itself: a config with both `dts` and `clean` also deletes every
// declaration in dist/ as its type check starts, which would race the third config's.
export default defineConfig([
  // Two ESM entries with code splitting: every command, the emulator and each heavy library
  // stay in their own chunks and load only through `await import()`.
  //
  // Dependencies are bundled too. Resolving and reading a package's modules one by one costs
  // Node 20 far more than the code itself: commander, zod, conf and undici from node_modules
  // cost a one-request command about 200 ms more than the same code in a few chunks.
  {
    entry: { main: 'src/main.ts', emulator: library },
    ...svcBundling,
    splitting: true,
    sourcemap: false,
    clean: ['!emulator.cjs', '!emulator.d.ts', '!emulator.d.cts'],
    outDir: 'dist',
    noExternal: bundled,
    // Which chunk holds which module: the start-up test checks what each fast path loads.
    metafile: true,
    // The MCP tool list (data, src/mcp/tools-list.ts) goes next to the bundle, the root help
    // is rendered, and the emulator's web UI is built into dist/ui/, where the emulator serves
    // it.
    onSuccess:
      'cp src/mcp/tools-list.json dist/ && node scripts/perf-prerender-help.mjs && node scripts/build-ui.mjs',
  },
  // The library again as one CommonJS file, for require() (Jest, CommonJS projects). It only
  // spawns bin/svc and talks to it over HTTP, so it loads once and needs no chunks.
  {
    entry: { emulator: library },
    ...svcBundling,
    format: ['cjs'],
    splitting: false,
    sourcemap: false,
    clean: false,
    outDir: 'dist',
    noExternal: bundled,
    // The library finds bin/svc from its own file's URL. CommonJS has no import.meta: esbuild
    // puts this one, made from __filename, in its place (tsup's own shim builds the URL from
    // the raw path, which breaks in a folder whose name holds `%` or `#`). The banner comes
    // before esbuild's "use strict", so it says it first: the source is written for strict
    // mode, as every ES module is.
    define: { 'import.meta.url': '__svcImportMetaUrl' },
    banner: {
      js: "'use strict'; const __svcImportMetaUrl = require('node:url').pathToFileURL(__filename).href;",
    },
  },
  // One type check writes emulator.d.ts and emulator.d.cts, emitted from the library's source
  // so that they cannot drift from it. TypeScript reads a .d.cts as CommonJS, as a require()
  // of the package gets it; a .d.ts in this package as ESM.
  {
    entry: { emulator: library },
    format: ['esm', 'cjs'],
    dts: { only: true },
    clean: false,
    outDir: 'dist',
  },
]);
