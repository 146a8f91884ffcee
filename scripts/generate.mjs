#!/usr/bin/env node
// Writes the files that are generated from the command tree: the shell completion scripts
// under completions/ and the command reference docs/commands.md. It runs the CLI that was
// just built (npm run build runs it after tsup; npm run generate is the same), so the files
// describe exactly the commands of dist/. Tests fail when a committed copy is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';

const root = new URL('../', import.meta.url);
const { main } = await import(new URL('dist/main.js', root).href);

const outputs = [
  ['completions/svc.bash', ['completion', 'bash']],
  ['completions/_svc', ['completion', 'zsh']],
  ['completions/svc.fish', ['completion', 'fish']],
  ['docs/commands.md', ['help', 'reference']],
];

/** A stream that hands what is written to `append`, as stdout would take it. */
function sink(append) {
  return new Writable({
    write(chunk, _encoding, done) {
      append(chunk.toString());
      done();
    },
  });
}

for (const [file, argv] of outputs) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    stdin: Readable.from([]),
    stdout: sink((s) => (out += s)),
    stderr: sink((s) => (err += s)),
    env: {},
  });
  if (code !== 0) throw new Error(`svc ${argv.join(' ')} exited ${code}: ${err}`);
  const target = new URL(file, root);
  mkdirSync(new URL('.', target), { recursive: true });
  writeFileSync(target, out);
  console.log(`wrote ${file}`);
}
