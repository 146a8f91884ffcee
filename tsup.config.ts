import { defineConfig } from 'tsup';

// One ESM entry with code splitting: every command, the emulator and each heavy
// library stay in their own chunks and load only through `await import()`.
export default defineConfig({
  entry: { main: 'src/cli/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  sourcemap: false,
  clean: true,
  outDir: 'dist',
  // Dependencies stay external: Node resolves them from node_modules at run time,
  // and native better-sqlite3 cannot be bundled anyway.
  skipNodeModulesBundle: true,
});
