// The CLI as the single executable carries it: a bundle of its own, compiled only when a
// command needs it (src/sea/load-cli.ts).
export { run } from '../main.js';
