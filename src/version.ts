// Bundled in at build time, so that neither the npm package nor the single executable reads
// package.json at run time (the executable has none beside it).
import pkg from '../package.json' with { type: 'json' };

export const VERSION = pkg.version;
