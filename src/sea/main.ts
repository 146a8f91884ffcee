// The single executable's main script (tsup.binary.config.ts bundles it with everything it
// reaches into one CommonJS file). It does what bin/svc does for the npm package, with the
// root help the build rendered carried as an asset.
import { getAsset } from 'node:sea';
import { setFlagsFromString } from 'node:v8';
import { prerenderedHelp, type RenderedHelp } from '../../bin/root-help.cjs';
import { VERSION } from '../version.js';
import { loadCli } from './load-cli.js';

/** dist/root-help.json, rendered by the npm package's build (scripts/build-binary.mjs). */
const ROOT_HELP_ASSET = 'root-help.json';

// As bin/svc does. A closed pipe (`svc … | head`) is the reader saying "enough", not an
// error. A terminal that went away fails writes with EIO: progress and messages for a person
// are lost, and the work goes on. Any other failure to write (a full disk) is reported by
// the CLI once it has loaded (it listens too); before that, here, in one line.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (err.code === 'EIO' && stream === process.stderr) return;
    if (stream.listenerCount('error') > 1) return;
    if (stream === process.stdout) {
      process.stderr.write(`error: cannot write output: ${err.message}\n`);
    }
    process.exit(1);
  });
}

const args = process.argv.slice(2);

/** The help for `args` as the build rendered it, when it is the root help. */
const renderedHelp = () =>
  prerenderedHelp(args, () => JSON.parse(getAsset(ROOT_HELP_ASSET, 'utf8')) as RenderedHelp);

let help: string | undefined;
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else if ((help = renderedHelp()) !== undefined) {
  process.stdout.write(help);
} else {
  // Before the flag below: V8 takes a code cache only under the flags it was made with.
  const cli = loadCli(require);
  // See bin/svc: Node would wait for V8 to optimise undici's wasm parser before exiting.
  setFlagsFromString('--liftoff-only');
  void cli.run(args).then((code) => {
    process.exitCode = code;
  });
}
