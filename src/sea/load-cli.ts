import { dirname } from 'node:path';
import { getAsset } from 'node:sea';
import { Script } from 'node:vm';

type Cli = typeof import('./cli.js');
type CommonJsWrapper = (
  exports: object,
  require: (id: string) => unknown,
  module: object,
  filename: string,
  dirname: string,
) => void;

/**
 * The CLI (src/sea/cli.ts), compiled with the V8 code cache made for it at build time
 * (scripts/build-binary.mjs, which also wraps it in a CommonJS function). It is an asset
 * rather than part of the main script so that `--version` and the root help neither compile
 * nor deserialize it. `require` is the main script's, which loads Node's built-in modules;
 * the file names are the executable's, as in the main script.
 *
 * V8 takes the cache only under the flags it was made with: call this before changing any.
 */
export function loadCli(require: (id: string) => unknown): Cli {
  const filename = process.execPath;
  const script = new Script(getAsset('cli.cjs', 'utf8'), {
    filename: 'svc-cli.cjs',
    cachedData: new Uint8Array(getAsset('cli.cjs.cache')),
  });
  const module = { exports: {} as Cli };
  (script.runInThisContext() as CommonJsWrapper)(
    module.exports,
    require,
    module,
    filename,
    dirname(filename),
  );
  return module.exports;
}
