import { Buffer } from 'node:buffer';

// What `svc mcp`'s default tools/list may weigh: bench/mcp.mjs reports it, and
// test/unit/mcp/tools-list-budget.test.ts holds the server to it (src/mcp/toolsets.ts).

/** The most tokens the default tools/list answer may take, counted as its JSON's bytes / 4. */
export const TOOLS_LIST_BUDGET_TOKENS = 8000;

/** Tokens of a tools/list result, as bytes / 4 of its JSON. */
export function toolsListTokens(result) {
  return Math.ceil(Buffer.byteLength(JSON.stringify(result)) / 4);
}
