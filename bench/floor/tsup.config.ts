import { defineConfig } from 'tsup';
import { svcBundling } from '../../tsup.config.js';

// The floor programs, bundled as svc is (the same format, target, undici entry, MCP SDK shim
// and banner), each into one file: the fewest modules Node can load them from.
export default defineConfig({
  ...svcBundling,
  entry: { 'round-trip': 'bench/floor/round-trip.mjs', mcp: 'bench/floor/mcp.mjs' },
  splitting: false,
  outDir: process.env.FLOOR_OUT_DIR,
  noExternal: [/.*/],
  silent: true,
});
