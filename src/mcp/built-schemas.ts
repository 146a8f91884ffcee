import { readFileSync } from 'node:fs';
import type { JsonSchema } from './json-schema.js';

/** What `tools/list` shows of a tool that the catalogue's schemas decide. */
export interface ToolSchemas {
  description: string;
  input: JsonSchema;
  output: JsonSchema;
}

/**
 * The JSON Schemas and descriptions of every tool, written next to the bundle by the build
 * (scripts/perf-mcp-schemas.mjs, from the same dist/): made from the catalogue's zod schemas,
 * which `svc mcp` then builds only for the tools called. Undefined where there is no such
 * file (running from source, the single executable): the tools then make their own.
 */
export function builtSchemas(): Readonly<Record<string, ToolSchemas>> | undefined {
  try {
    const text = readFileSync(new URL('./mcp-schemas.json', import.meta.url), 'utf8');
    return JSON.parse(text) as Record<string, ToolSchemas>;
  } catch {
    return undefined;
  }
}
