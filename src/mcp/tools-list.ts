import type { JsonSchema } from './json-schema.js';
import type { ToolAnnotations, ToolSpec } from './tools.js';
const { readFileSync } = process.getBuiltinModule('node:fs');

/** One tool as `tools/list` shows it. */
export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations: ToolAnnotations;
}

/** What `tools/list` shows of a tool, made from its spec (and so from the catalogue). */
export function listedTool(spec: ToolSpec): ListedTool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: spec.inputJson,
    ...(spec.outputJson !== undefined && { outputSchema: spec.outputJson }),
    annotations: spec.annotations,
  };
}

/**
 * Every tool as `tools/list` shows it, from src/mcp/tools-list.json, which `npm run generate`
 * writes from the catalogue and a unit test holds equal to it; the build copies it next to
 * the bundle. `svc mcp` answers `tools/list` from it, and builds a tool's zod schemas only
 * when the tool is first called. Read as JSON, not bundled as code: parsing JSON costs a
 * fraction of compiling the same object as JavaScript. Undefined where there is no such
 * file (the single executable): the tools then make their own.
 */
export function committedToolList(): readonly ListedTool[] | undefined {
  try {
    const text = readFileSync(new URL('./tools-list.json', import.meta.url), 'utf8');
    return JSON.parse(text) as ListedTool[];
  } catch {
    return undefined;
  }
}
