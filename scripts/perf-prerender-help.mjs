#!/usr/bin/env node
// Runs after every build (tsup.config.ts, onSuccess). Renders the root help with the CLI
// that was just built, as commander prints it, and writes dist/root-help.json for bin/svc
// to print without loading the CLI. Written at build time from the same dist/, it can never
// describe a different set of commands than the one it stands in for.
//
// Commander wraps help to the terminal's width and colours it when the terminal has colours,
// so the file also says at which terminal widths a colour terminal sees exactly the same
// bytes; at any other width bin/svc leaves the help to commander.
import { writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
/** Every argv that prints the root help; bin/svc serves those whose output matched. */
const FORMS = [['--help'], ['-h'], []];
/** Past the longest line nothing wraps, so wider terminals all see what this one sees. */
const WIDEST = 512;

const { main } = await import(new URL('main.js', dist).href);

// Commander reads the terminal from process.stdout, and colour from these variables.
for (const name of ['NO_COLOR', 'FORCE_COLOR', 'CLICOLOR_FORCE']) delete process.env[name];

function setTerminal(columns) {
  const tty = columns !== undefined;
  Object.defineProperty(process.stdout, 'isTTY', { value: tty, configurable: true });
  Object.defineProperty(process.stdout, 'columns', { value: columns, configurable: true });
  Object.defineProperty(process.stdout, 'hasColors', { value: () => tty, configurable: true });
}

async function render(argv, columns) {
  setTerminal(columns);
  let out = '';
  let err = '';
  const code = await main(argv, {
    stdin: process.stdin,
    stdout: { write: (s) => ((out += s), true) },
    stderr: { write: (s) => ((err += s), true) },
    env: {},
  });
  return { code, out, err };
}

const piped = await render(FORMS[0]);
if (piped.code !== 0 || piped.out === '' || piped.err !== '') {
  throw new Error(`svc --help exited ${piped.code}, printing ${JSON.stringify(piped.err)}`);
}
const text = piped.out;

const forms = [];
for (const argv of FORMS) {
  const r = await render(argv);
  if (r.code === 0 && r.out === text && r.err === '') forms.push(argv.join(' '));
}

/** [first, last] runs of terminal widths that print `text`; last null means every wider one. */
const columns = [];
for (let width = 1; width <= WIDEST; width++) {
  const same = (await render(FORMS[0], width)).out === text;
  const last = columns.at(-1);
  if (same && last && last[1] === width - 1) last[1] = width;
  else if (same) columns.push([width, width]);
}
if (columns.at(-1)?.[1] === WIDEST) columns.at(-1)[1] = null;

writeFileSync(new URL('root-help.json', dist), `${JSON.stringify({ forms, columns, text })}\n`);
