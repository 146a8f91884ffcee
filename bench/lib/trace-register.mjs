import { appendFileSync } from 'node:fs';
import Module, { isBuiltin } from 'node:module';
import { pathToFileURL } from 'node:url';

const trace = (url) => {
  if (process.env.SVC_TRACE_FILE) appendFileSync(process.env.SVC_TRACE_FILE, `${url}\n`);
};

if (typeof Module.registerHooks === 'function') {
  // In-thread hooks (Node 22.15 and later); module.register() is deprecated from Node 26 and
  // says so on stderr, which would change the output being compared.
  Module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const result = nextResolve(specifier, context);
      trace(result.url);
      return result;
    },
  });
} else {
  Module.register('./trace-hooks.mjs', import.meta.url);
}

// On Node 20 `require()` does not pass through module hooks; record what it resolves here.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const resolved = resolveFilename.apply(this, args);
  if (!isBuiltin(resolved)) trace(pathToFileURL(resolved).href);
  return resolved;
};
