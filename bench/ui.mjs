#!/usr/bin/env node
// The emulator web UI's weight: every file the page loads, fetched from a running emulator
// as a browser would, and its size gzipped (the target is for the compressed bundle).
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { row, runIfMain, startEmulator } from './lib/common.mjs';

const MAX_GZIP_BYTES = 150 * 1024;

export async function bench() {
  const emulator = await startEmulator();
  const files = [];
  try {
    const base = `${emulator.url}/_emulator/ui/`;
    const html = await (await fetch(base)).text();
    files.push({ path: '/_emulator/ui/', bytes: Buffer.from(html) });
    // Whatever the page links to, so a file added later is counted without listing it here.
    for (const [, path] of html.matchAll(/(?:src|href)="(\/_emulator\/ui\/[^"]+)"/g)) {
      const response = await fetch(`${emulator.url}${path}`);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      files.push({ path, bytes: Buffer.from(await response.arrayBuffer()) });
    }
  } finally {
    await emulator.stop();
  }
  const raw = files.reduce((sum, f) => sum + f.bytes.length, 0);
  const gzipped = files.reduce((sum, f) => sum + gzipSync(f.bytes, { level: 9 }).length, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  return {
    title: 'Emulator web UI',
    rows: [
      row(
        `emulator UI page, ${files.length} files, gzipped`,
        `${kb(gzipped)} (${kb(raw)} as served)`,
        `<= ${kb(MAX_GZIP_BYTES)}`,
        gzipped <= MAX_GZIP_BYTES,
      ),
    ],
    notes: files.map((f) => `  ${f.path}: ${kb(f.bytes.length)}`),
  };
}

await runIfMain(import.meta.url, bench);
