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

// Two ESM entries with code splitting: every command, the emulator and each heavy library
// stay in their own chunks and load only through `await import()`.
//
// Dependencies are bundled too. Resolving and reading a package's modules one by one costs
// Node 20 far more than the code itself: commander, zod, conf and undici from node_modules
// cost a one-request command about 200 ms more than the same code in a few chunks.
export default defineConfig({
  // `emulator` is the package's `svc/emulator` export (src/emulator/library.ts); its types
  // are emitted from the same source, so they cannot drift from it.
  entry: { main: 'src/main.ts', emulator: 'src/emulator/library.ts' },
  dts: { entry: { emulator: 'src/emulator/library.ts' } },
  ...svcBundling,
  splitting: true,
  sourcemap: false,
  clean: true,
  outDir: 'dist',
  // Native better-sqlite3 (the emulator's SQLite on Node 20 only, src/emulator/store/sqlite.ts)
  // cannot be bundled; Node resolves it from node_modules where the user installed it.
  noExternal: [/^(?!better-sqlite3(\/|$))/],
  // Which chunk holds which module: the start-up test checks what each fast path loads.
  metafile: true,
  // The MCP tool list (data, src/mcp/tools-list.ts) goes next to the bundle, the root help is
  // rendered, and the emulator's web UI is built into dist/ui/, where the emulator serves it.
  onSuccess:
    'cp src/mcp/tools-list.json dist/ && node scripts/perf-prerender-help.mjs && node scripts/build-ui.mjs',
});
