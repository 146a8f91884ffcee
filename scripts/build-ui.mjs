#!/usr/bin/env node
// Builds the emulator's web UI (web/) into dist/ui/, where the emulator serves it from:
// one minified script and one stylesheet beside index.html, nothing fetched at run time.
// tsup runs it after each build (onSuccess), so `npm run build` and `prepare` both make it.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const path = (p) => fileURLToPath(new URL(p, root));
const outdir = path('dist/ui/');

mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: [
    { in: path('web/src/main.ts'), out: 'app' },
    { in: path('web/app.css'), out: 'app' },
  ],
  outdir,
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['chrome110', 'firefox115', 'safari16'],
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync(path('web/index.html'), path('dist/ui/index.html'));
