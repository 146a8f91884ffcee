import type { Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { mcpShims, undiciAgentOnly } from './tsup.config.js';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The executable carries no OS keyring addon: tokens are stored in the config file, as
 * wherever no keyring can be reached (src/config/keyring.ts).
 */
const noKeyring: Plugin = {
  name: 'no-keyring',
  setup(build) {
    build.onResolve({ filter: /^\.\/keyring-addon\.js$/ }, ({ importer }) =>
      importer.includes('/src/config/') ? { path: fromRoot('./src/sea/no-keyring.ts') } : undefined,
    );
  },
};

/** The emulator UI's files come from inside the executable, as SEA assets. */
const embeddedUiAssets: Plugin = {
  name: 'embedded-ui-assets',
  setup(build) {
    build.onResolve({ filter: /^\.\/asset-files\.js$/ }, ({ importer }) =>
      importer.includes('/src/emulator/ui/')
        ? { path: fromRoot('./src/sea/ui-asset-files.ts') }
        : undefined,
    );
  },
};

// The single executable's two scripts, each one self-contained CommonJS file, since nothing
// in it can load a file: `svc`, the main script, which answers --version and the root help
// itself, and `cli`, everything else, which it compiles only for other commands
// (scripts/build-binary.mjs, src/sea/load-cli.ts). Within `cli`, modules reached through
// `await import()` are still evaluated only when first imported. The npm package's build is
// tsup.config.ts.
export default defineConfig({
  entry: { svc: 'src/sea/main.ts', cli: 'src/sea/cli.ts' },
  format: ['cjs'],
  platform: 'node',
  target: 'node24',
  splitting: false,
  sourcemap: false,
  clean: true,
  outDir: 'node_modules/.cache/svc-binary/bundle',
  noExternal: [/./],
  // node:sea and node:sqlite exist only under their node: names.
  removeNodeProtocol: false,
  esbuildPlugins: [undiciAgentOnly, mcpShims, embeddedUiAssets, noKeyring],
});
