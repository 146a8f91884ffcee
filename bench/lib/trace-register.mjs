import { appendFileSync } from 'node:fs';
import Module, { isBuiltin, register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./trace-hooks.mjs', import.meta.url);

// On Node 20 `require()` does not pass through module hooks; record what it resolves here.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const resolved = resolveFilename.apply(this, args);
  if (process.env.SVC_TRACE_FILE && !isBuiltin(resolved)) {
    appendFileSync(process.env.SVC_TRACE_FILE, `${pathToFileURL(resolved).href}\n`);
  }
  return resolved;
};
