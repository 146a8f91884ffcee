import { readFileSync } from 'node:fs';
import type { JsonSchema } from './json-schema.js';

/** A tool's schemas as JSON: what `tools/list` shows. */
export interface ToolSchemas {
  input: JsonSchema;
  output: JsonSchema;
}

/**
 * The JSON Schemas of every tool, written next to the bundle by the build
 * (scripts/perf-mcp-schemas.mjs, from the same dist/): made from the catalogue's zod schemas,
 * they cost `svc mcp` about a tenth of its start-up to make again. Undefined where there is
 * no such file (running from source, the single executable): the tools then make their own.
 */
export function builtSchemas(): Readonly<Record<string, ToolSchemas>> | undefined {
  try {
    const text = readFileSync(new URL('./mcp-schemas.json', import.meta.url), 'utf8');
    return JSON.parse(text) as Record<string, ToolSchemas>;
  } catch {
    return undefined;
  }
}
