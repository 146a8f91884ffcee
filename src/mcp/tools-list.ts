import type { JsonSchema } from './json-schema.js';
import type { ToolAnnotations, ToolSpec } from './tools.js';

/** One tool as `tools/list` shows it. */
export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
}

/** What `tools/list` shows of a tool, made from its spec (and so from the catalogue). */
export function listedTool(spec: ToolSpec): ListedTool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: spec.inputJson,
    outputSchema: spec.outputJson,
    annotations: spec.annotations,
  };
}

/**
 * Every tool as `tools/list` shows it, from src/mcp/tools-list.json, which `npm run generate`
 * writes from the catalogue and a unit test holds equal to it. `svc mcp` answers `tools/list`
 * from it, and builds a tool's zod schemas only when the tool is first called.
 */
export async function committedToolList(): Promise<readonly ListedTool[]> {
  const { default: tools } = await import('./tools-list.json', { with: { type: 'json' } });
  return tools as ListedTool[];
}
