import type { ListedTool } from './tools-list.js';

/**
 * How much of the tools `tools/list` shows at once. A client puts the whole list before the
 * model with every request, so it is held under a budget: when the served tools pass it, the
 * reads of each toolset come first, then the writes, toolset by toolset in catalogue order,
 * as long as they fit; the rest are listed when the discovery tool enables their toolset
 * (as github-mcp-server's dynamic mode does). Every served tool stays callable by its name.
 */

/** The most a `tools/list` answer may weigh, in tokens, counted as its JSON's bytes / 4. */
export const LIST_BUDGET_TOKENS = 8000;

/** The discovery tool's name: no command group is called `toolsets`. */
export const DISCOVERY_TOOL = 'toolsets_enable';

/** What the plan needs to know of a served tool. */
export interface Plannable {
  name: string;
  toolset: string;
  readOnly: boolean;
  listed: ListedTool;
}

export interface ListingPlan {
  /** The tools `tools/list` shows from the start, in the order served. */
  listed: string[];
  /** The toolsets with tools not listed yet, each with those tools; empty when all fit. */
  deferred: { toolset: string; names: string[] }[];
}

/** Bytes of a tool in a `tools/list` answer's JSON. */
const sizeOf = (tool: unknown): number => Buffer.byteLength(JSON.stringify(tool));

/** `{"tools":[]}`, which holds the tools with a comma between each two. */
const WRAPPER_BYTES = sizeOf({ tools: [] });

/**
 * Tokens of a `tools/list` answer that lists tools of these sizes, as bytes / 4 of its JSON:
 * summed from each tool's size, so that trying another set measures no tool again.
 */
function listTokens(sizes: readonly number[]): number {
  const bytes = WRAPPER_BYTES + sizes.reduce((sum, size) => sum + size, 0);
  return Math.ceil((bytes + Math.max(0, sizes.length - 1)) / 4);
}

/** The deferred toolsets of `tools` that `listed` leaves out, in the order served. */
function deferredOf(
  tools: readonly Plannable[],
  listed: ReadonlySet<string>,
): ListingPlan['deferred'] {
  const deferred: ListingPlan['deferred'] = [];
  for (const tool of tools) {
    if (listed.has(tool.name)) continue;
    const set = deferred.find((d) => d.toolset === tool.toolset);
    if (set) set.names.push(tool.name);
    else deferred.push({ toolset: tool.toolset, names: [tool.name] });
  }
  return deferred;
}

/** The discovery tool, as `tools/list` shows it, for these deferred toolsets. */
export function discoveryTool(deferred: ListingPlan['deferred']): ListedTool {
  const sets = deferred.map((d) => `${d.toolset} (${d.names.join(', ')})`).join('; ');
  return {
    name: DISCOVERY_TOOL,
    title: 'Enable toolsets',
    description: `Lists the tools of more toolsets, when a task needs a tool not listed yet. Not listed yet: ${sets}. Example: {"toolsets":["${deferred[0]?.toolset ?? 'docs'}"]}`,
    inputSchema: {
      type: 'object',
      properties: {
        toolsets: {
          type: 'array',
          items: { type: 'string', enum: deferred.map((d) => d.toolset) },
          minItems: 1,
          description: 'The toolsets whose tools to list',
        },
      },
      required: ['toolsets'],
      additionalProperties: false,
    },
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  };
}

/**
 * Which served tools `tools/list` shows from the start: all of them when they fit the
 * budget; else, with the discovery tool, the reads of every toolset and then the writes,
 * a toolset's at a time in the order served, while they fit.
 */
export function planListing(
  tools: readonly Plannable[],
  budget: number = LIST_BUDGET_TOKENS,
): ListingPlan {
  const sizes = new Map(tools.map((t) => [t.name, sizeOf(t.listed)]));
  if (listTokens([...sizes.values()]) <= budget)
    return { listed: tools.map((t) => t.name), deferred: [] };
  const toolsets = [...new Set(tools.map((t) => t.toolset))];
  const units = [true, false].flatMap((reads) =>
    toolsets.map((toolset) =>
      tools.filter((t) => t.toolset === toolset && t.readOnly === reads).map((t) => t.name),
    ),
  );
  const listed = new Set<string>();
  for (const unit of units) {
    if (unit.length === 0) continue;
    const trial = new Set([...listed, ...unit]);
    const shown = [...trial].map((name) => sizes.get(name) ?? 0);
    const rest = deferredOf(tools, trial);
    if (listTokens(rest.length > 0 ? [...shown, sizeOf(discoveryTool(rest))] : shown) <= budget) {
      for (const name of unit) listed.add(name);
    }
  }
  return {
    listed: tools.filter((t) => listed.has(t.name)).map((t) => t.name),
    deferred: deferredOf(tools, listed),
  };
}
