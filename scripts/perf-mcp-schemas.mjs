#!/usr/bin/env node
// Runs after every build (tsup.config.ts, onSuccess). Writes dist/mcp-schemas.json, the JSON
// Schemas and descriptions of every MCP tool as the CLI just built makes them from the
// catalogue's zod schemas (`svc mcp tools --json`), so that `svc mcp` does not build those at
// each start (src/mcp/built-schemas.ts). Written from the same dist/, it cannot describe
// other tools than the ones it stands in for; a fresh build starts without it, so it is
// never made from an older copy of itself.
import { existsSync, writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';

const dist = new URL('../dist/', import.meta.url);
const target = new URL('mcp-schemas.json', dist);
if (existsSync(target)) throw new Error('dist/mcp-schemas.json is left from another build');

const { main } = await import(new URL('main.js', dist).href);
/** A stream that hands what is written to `append`, as stdout would take it. */
function sink(append) {
  return new Writable({
    write(chunk, _encoding, done) {
      append(chunk.toString());
      done();
    },
  });
}

let out = '';
let err = '';
const code = await main(['mcp', 'tools', '--allow-destructive', '--json'], {
  stdin: Readable.from([]),
  stdout: sink((s) => (out += s)),
  stderr: sink((s) => (err += s)),
  env: {},
});
if (code !== 0) throw new Error(`svc mcp tools --json exited ${code}: ${err}`);

const schemas = Object.fromEntries(
  JSON.parse(out).map((tool) => [
    tool.name,
    { description: tool.description, input: tool.inputSchema, output: tool.outputSchema },
  ]),
);
writeFileSync(target, JSON.stringify(schemas));
