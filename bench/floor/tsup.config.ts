import { defineConfig } from 'tsup';
import { lazyRequire, mcpShims, undiciAgentOnly } from '../../tsup.config.js';

// The floor programs, bundled as svc is (the same undici entry, the same MCP SDK shim, the
// same banner), each into one file: the fewest modules Node can load them from.
export default defineConfig({
  entry: { 'round-trip': 'bench/floor/round-trip.mjs', mcp: 'bench/floor/mcp.mjs' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: false,
  outDir: process.env.FLOOR_OUT_DIR,
  noExternal: [/.*/],
  removeNodeProtocol: false,
  esbuildPlugins: [undiciAgentOnly, mcpShims],
  banner: lazyRequire,
  silent: true,
});
