import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/openapi/document.js';

/**
 * The request and answer types the package's emulator export has (src/openapi/generated-types.ts) are
 * what openapi-typescript makes of the catalogue's OpenAPI document now: `npm run build`
 * writes them, and a catalogue change leaves the committed copy stale until it is committed.
 */

const root = new URL('../../../', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'svc-api-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('src/openapi/generated-types.ts is what the catalogue gives', { timeout: 60_000 }, async () => {
  const document = join(dir, 'openapi.json');
  writeFileSync(document, JSON.stringify(openApiDocument()));
  const script = fileURLToPath(new URL('scripts/api-types.mjs', root));
  const made = await execa('node', [script, document], { stripFinalNewline: false });
  const committed = readFileSync(new URL('src/openapi/generated-types.ts', root), 'utf8');
  expect(made.stdout, 'stale: run npm run build, and commit the file').toBe(committed);
});
