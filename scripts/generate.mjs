#!/usr/bin/env node
// Writes the files that are generated from the command tree: the shell completion scripts
// under completions/ and the command reference docs/commands.md. It runs the CLI that was
// just built (npm run build runs it after tsup; npm run generate is the same), so the files
// describe exactly the commands of dist/. Tests fail when a committed copy is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';

const root = new URL('../', import.meta.url);
const { main } = await import(new URL('dist/main.js', root).href);

const outputs = [
  ['completions/svc.bash', ['completion', 'bash']],
  ['completions/_svc', ['completion', 'zsh']],
  ['completions/svc.fish', ['completion', 'fish']],
  ['docs/commands.md', ['help', 'reference']],
];

for (const [file, argv] of outputs) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    stdin: Readable.from([]),
    stdout: { write: (s) => ((out += s), true) },
    stderr: { write: (s) => ((err += s), true) },
    env: {},
  });
  if (code !== 0) throw new Error(`svc ${argv.join(' ')} exited ${code}: ${err}`);
  const target = new URL(file, root);
  mkdirSync(new URL('.', target), { recursive: true });
  writeFileSync(target, out);
  console.log(`wrote ${file}`);
}
