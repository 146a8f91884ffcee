#!/usr/bin/env node
// Builds dist/svc-linux-x64, svc as one executable that needs no Node installed: the
// official Node binary with svc's bundle (tsup.binary.config.ts), the emulator UI's files and
// the root help injected by Node's own --build-sea. `npm run build:binary` builds the npm
// package and the bundle first. The Node it embeds: scripts/embedded-node.mjs.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { binaryWork as work, EMBEDDED_NODE, embeddedNode } from './embedded-node.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = join(root, 'dist/svc-linux-x64');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`svc-linux-x64 is built on linux-x64, not ${process.platform}-${process.arch}`);
  process.exit(1);
}

/**
 * The Node to inject into: a copy without its debug symbols, a fifth of its size, which
 * nobody debugging svc's JavaScript needs. Unstripped where binutils is missing.
 */
function baseExecutable(node) {
  const stripped = join(work, `node-${EMBEDDED_NODE}-stripped`);
  if (existsSync(stripped)) return stripped;
  try {
    copyFileSync(node, `${stripped}.tmp`);
    execFileSync('strip', [`${stripped}.tmp`], { stdio: 'inherit' });
    renameSync(`${stripped}.tmp`, stripped);
    return stripped;
  } catch (error) {
    console.warn(
      `not stripping Node (${error.code ?? error.message}): the executable is ~30 MiB larger`,
    );
    return node;
  }
}

const node = embeddedNode();
const bundle = join(work, 'bundle');

// The CLI bundle as src/sea/load-cli.ts compiles it, in CommonJS's function wrapper, and
// V8's code cache for it, made by the Node the executable embeds.
const cli = join(bundle, 'cli.wrapped.cjs');
const cliCache = join(bundle, 'cli.cjs.cache');
writeFileSync(
  cli,
  `(function (exports, require, module, __filename, __dirname) {${readFileSync(join(bundle, 'cli.cjs'), 'utf8')}\n})`,
);
execFileSync(node, [
  '-e',
  `const { Script } = require('node:vm');
   const { readFileSync, writeFileSync } = require('node:fs');
   const [source, cache] = process.argv.slice(1);
   const script = new Script(readFileSync(source, 'utf8'), { filename: 'svc-cli.cjs' });
   writeFileSync(cache, script.createCachedData());`,
  cli,
  cliCache,
]);
const config = join(work, 'sea-config.json');
writeFileSync(
  config,
  JSON.stringify({
    main: join(bundle, 'svc.cjs'),
    mainFormat: 'commonjs',
    executable: baseExecutable(node),
    output: `${output}.tmp`,
    disableExperimentalSEAWarning: true,
    // NODE_OPTIONS is meant for a user's Node programs (`--require ts-node/register`, …),
    // and svc is not one to them: the executable ignores it.
    execArgvExtension: 'none',
    // V8's compiled code for the bundle, so that a run deserializes it instead of parsing it.
    useCodeCache: true,
    assets: {
      'cli.cjs': cli,
      'cli.cjs.cache': cliCache,
      // src/sea/main.ts: the root help as the npm package's build rendered it.
      'root-help.json': join(root, 'dist/root-help.json'),
      // src/sea/ui-asset-files.ts: the emulator UI's page.
      ...Object.fromEntries(
        readdirSync(join(root, 'dist/ui')).map((name) => [
          `ui/${name}`,
          join(root, 'dist/ui', name),
        ]),
      ),
    },
  }),
);
mkdirSync(join(root, 'dist'), { recursive: true });
execFileSync(node, ['--build-sea', config], { stdio: 'inherit' });
// Beside the target, then renamed over it: a build never fails on, nor changes under, an
// executable that is running.
renameSync(`${output}.tmp`, output);
console.log(
  `${output}: ${(statSync(output).size / 2 ** 20).toFixed(1)} MiB, Node ${EMBEDDED_NODE}`,
);
