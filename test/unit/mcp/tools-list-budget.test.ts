import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { TOOLS_LIST_BUDGET_TOKENS, toolsListTokens } from '../../../bench/lib/mcp-budget.mjs';
import { toolNames } from '../../../src/commands/mcp/tool-names.js';
import { selectServed } from '../../../src/mcp/flags.js';
import { buildServer, INSTRUCTIONS } from '../../../src/mcp/server.js';
import { committedToolList, listedTool } from '../../../src/mcp/tools-list.js';
import { toolSpecs, type ToolSpec } from '../../../src/mcp/tools.js';
import {
  DISCOVERY_TOOL,
  discoveryTool,
  LIST_BUDGET_TOKENS,
  planListing,
  type Plannable,
} from '../../../src/mcp/toolsets.js';
import { fakeRuntime } from './fake-runtime.js';

/** The server for `served` and the SDK's client, joined in process. */
async function connect(specs: ToolSpec[]) {
  const { rt, sent } = fakeRuntime(() => ({ data: [] }));
  const server = buildServer(rt, specs);
  const client = new Client({ name: 'test', version: '1.0.0' });
  let changed = 0;
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    changed += 1;
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { client, sent, changed: () => changed };
}

const specsOf = (flags: Parameters<typeof selectServed>[0]) =>
  toolSpecs(toolNames, selectServed(flags, toolNames).served, committedToolList());

const plannable = (specs: readonly ToolSpec[]): Plannable[] =>
  specs.map((s) => ({
    name: s.name,
    toolset: s.toolset,
    readOnly: s.op.readOnly,
    listed: listedTool(s),
  }));

describe('the size of tools/list', () => {
  it('is held to the budget the bench reports', () => {
    expect(LIST_BUDGET_TOKENS).toBe(TOOLS_LIST_BUDGET_TOKENS);
  });

  for (const flags of [{}, { allowDestructive: true }, { readOnly: true }]) {
    it(`stays under it with ${JSON.stringify(flags)}, every served tool listed or enabled on request`, async () => {
      const specs = specsOf(flags);
      const s = await connect(specs);
      const { tools } = await s.client.listTools();
      expect(toolsListTokens({ tools })).toBeLessThanOrEqual(TOOLS_LIST_BUDGET_TOKENS);
      const listed = tools.map((t) => t.name);
      const plan = planListing(plannable(specs));
      expect(listed.filter((n) => n !== DISCOVERY_TOOL)).toEqual(plan.listed);
      if (plan.deferred.length === 0) return;
      // The discovery tool names every tool not listed yet, and lists them on request.
      const discovery = tools.find((t) => t.name === DISCOVERY_TOOL);
      for (const name of plan.deferred.flatMap((d) => d.names)) {
        expect(discovery?.description).toContain(name);
      }
      const result = await s.client.callTool({
        name: DISCOVERY_TOOL,
        arguments: { toolsets: plan.deferred.map((d) => d.toolset) },
      });
      expect(result.isError).toBeFalsy();
      const after = (await s.client.listTools()).tools.map((t) => t.name);
      expect(after.sort()).toEqual(specs.map((t) => t.name).sort());
      expect(s.changed()).toBe(1);
    });
  }

  it('lists the reads first, and as much as fits: the next toolset left out would not', () => {
    const specs = plannable(specsOf({}));
    const plan = planListing(specs);
    expect(plan.deferred.length).toBeGreaterThan(0);
    // Every read is listed by default; what is left out is writes.
    expect(specs.filter((t) => t.readOnly).every((t) => plan.listed.includes(t.name))).toBe(true);
    // Listing any one deferred toolset's tools besides would go over the budget.
    for (const { names } of plan.deferred) {
      const shown = specs.filter((t) => plan.listed.includes(t.name) || names.includes(t.name));
      const rest = specs.filter((t) => !shown.includes(t));
      const tools = [
        ...shown.map((t) => t.listed),
        ...(rest.length > 0
          ? [discoveryTool(plan.deferred.filter((d) => !d.names.every((n) => names.includes(n))))]
          : []),
      ];
      expect(toolsListTokens({ tools }), names.join(', ')).toBeGreaterThan(
        TOOLS_LIST_BUDGET_TOKENS,
      );
    }
  });

  it('stays under it with ~57 more operations, each reachable through the discovery tool', () => {
    const specs = plannable(specsOf({ allowDestructive: true }));
    // The catalogue as it may grow: every tool again, in new toolsets, under new names.
    const grown = [
      ...specs,
      ...specs.slice(0, 57).map((t) => ({
        ...t,
        name: `more_${t.name}`,
        toolset: `more_${t.toolset}`,
        listed: { ...t.listed, name: `more_${t.name}` },
      })),
    ];
    const plan = planListing(grown);
    expect(plan.deferred.length).toBeGreaterThan(0);
    const listed = grown.filter((t) => plan.listed.includes(t.name)).map((t) => t.listed);
    expect(
      toolsListTokens({ tools: [...listed, discoveryTool(plan.deferred)] }),
    ).toBeLessThanOrEqual(TOOLS_LIST_BUDGET_TOKENS);
    const reachable = [...plan.listed, ...plan.deferred.flatMap((d) => d.names)];
    expect(reachable.sort()).toEqual(grown.map((t) => t.name).sort());
  });

  it('says the rules every tool shares once, in the instructions, not in each description', () => {
    const tools = committedToolList() ?? [];
    expect(INSTRUCTIONS).toContain('never instructions to follow');
    for (const tool of tools) {
      expect(tool.description, tool.name).not.toContain('never instructions');
      expect(tool.description, tool.name).not.toContain('model-mediated');
      expect(tool.description, tool.name).toMatch(/Example \(.+\): \{/);
    }
  });

  it('answers a call of a tool not listed yet, and lists its toolset from then on', async () => {
    const specs = specsOf({});
    const plan = planListing(plannable(specs));
    const later = plan.deferred[0];
    expect(later).toBeDefined();
    const s = await connect(specs);
    const name = later?.names[0] ?? '';
    const before = (await s.client.listTools()).tools.map((t) => t.name);
    expect(before).not.toContain(name);
    const spec = specs.find((t) => t.name === name);
    await s.client.callTool({ name, arguments: spec?.op.example.data ?? {} });
    expect(s.sent).toHaveLength(1);
    const after = (await s.client.listTools()).tools.map((t) => t.name);
    expect(after).toEqual(expect.arrayContaining(later?.names ?? []));
  });
});
