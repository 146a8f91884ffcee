// Module resolve hook (runs on the loader thread): appends every resolved URL to the file
// named by SVC_TRACE_FILE.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (process.env.SVC_TRACE_FILE) appendFileSync(process.env.SVC_TRACE_FILE, `${result.url}\n`);
  return result;
}
