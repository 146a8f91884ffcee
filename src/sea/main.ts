// The single executable's main script (tsup.binary.config.ts bundles it with everything it
// reaches into one CommonJS file). It does what bin/svc does for the npm package.
import { setFlagsFromString } from 'node:v8';
import { VERSION } from '../version.js';

// A closed pipe (`svc … | head`) is the reader saying "enough", not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

const args = process.argv.slice(2);

if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  // See bin/svc: Node would wait for V8 to optimise undici's wasm parser before exiting.
  setFlagsFromString('--liftoff-only');
  // The bundle evaluates a module the first time it is imported, so --version above never
  // pays for the CLI.
  import('../cli/main.js')
    .then(({ run }) => run(args))
    .then((code) => {
      process.exitCode = code;
    });
}
