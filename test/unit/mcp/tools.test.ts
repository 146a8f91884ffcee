import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mayDestroy } from '../../../src/catalogue/destructive.js';
import { operation, operations } from '../../../src/catalogue/operations.js';
import { declaredLeaves } from '../../../src/cli/declare/ownership.js';
import { allCommands, commandTree } from '../../../src/cli/reference/tree.js';
import { svcCommands } from '../../../src/commands/index.js';
import type { JsonSchema } from '../../../src/mcp/json-schema.js';
import { toolListMarkdown, toolRows } from '../../../src/mcp/tool-docs.js';
import { toolNames } from '../../../src/commands/mcp/tool-names.js';
import { toolSpecs } from '../../../src/mcp/tools.js';
import { committedToolList, listedTool } from '../../../src/mcp/tools-list.js';

const specs = toolSpecs(toolNames);
const commandPaths = new Set(
  [...allCommands(commandTree(svcCommands))].map((c) => c.path.join(' ')).filter(Boolean),
);

/** Every member of an input schema, by path, with its description. */
function members(schema: JsonSchema, path = ''): [string, unknown][] {
  const out: [string, unknown][] = [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, member] of Object.entries(properties)) {
    const at = path ? `${path}.${key}` : key;
    out.push([at, member.description], ...members(member, at));
    if (member.items) out.push(...members(member.items as JsonSchema, `${at}[]`));
    if (typeof member.additionalProperties === 'object') {
      out.push(...members(member.additionalProperties as JsonSchema, `${at}{}`));
    }
  }
  return out;
}

describe('the MCP tools made from the catalogue', () => {
  it('are one per operation, or one per command where commands split it', () => {
    for (const op of operations) {
      const tools = specs.filter((t) => t.operation === op.name);
      const split = tools.length > 1;
      const homes = declaredLeaves(svcCommands).filter(({ declaration }) =>
        (declaration.sends ?? []).some((sent) => sent.operation === op.name),
      );
      // One tool per home: a split operation whose variant lost its tool shows here.
      expect(tools.length, op.name).toBe(homes.length);
      if (split) {
        // Each variant fixes the same field, to a different value, and does not take it.
        const fields = tools.map((t) => Object.keys(t.fixed));
        expect(new Set(fields.flat()).size, op.name).toBe(1);
        const values = tools.map((t) => JSON.stringify(t.fixed));
        expect(new Set(values).size, op.name).toBe(tools.length);
      }
    }
    // Nothing else: every tool is one of those homes.
    const sendsCount = declaredLeaves(svcCommands).reduce(
      (n, { declaration }) => n + (declaration.sends ?? []).length,
      0,
    );
    expect(specs).toHaveLength(sendsCount);
  });

  it('are named after the command that sends each operation', () => {
    const names = specs.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    // In catalogue order, so a client's list reads like docs/api.md.
    const numbers = specs.map((t) => operations.findIndex((o) => o.name === t.operation));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    expect(specs.map((t) => t.name)).toEqual(toolNames.map((t) => t.name));
    for (const tool of toolNames) {
      // `notifications config --api v1`: the command, and the flag that picks the operation.
      const [path = '', choice] = tool.command.split(' --');
      expect(commandPaths.has(path), `${tool.name}: svc ${path}`).toBe(true);
      expect(tool.toolset).toBe(path.split(' ')[0]);
      const words = [...path.split(/[ -]/), ...(choice ? [choice.split(' ').at(-1)] : [])];
      expect(tool.name).toBe(words.join('_'));
    }
  });

  it('set every hint from the catalogue flags', () => {
    for (const tool of specs) {
      const op = operations.find((o) => o.name === tool.operation);
      expect(tool.annotations, tool.name).toEqual({
        readOnlyHint: op?.readOnly,
        // A split operation is destructive only where its fixed fields make it so; one that
        // may replace existing content counts as destructive.
        destructiveHint: op !== undefined && mayDestroy(op, tool.fixed),
        idempotentHint: op?.idempotent,
        openWorldHint: (op as { openWorld?: boolean } | undefined)?.openWorld === true,
      });
    }
  });

  it('describe every member of every input, and take no fixed field', () => {
    // The words are the catalogue's: a request member's `.describe()` (src/catalogue/), or
    // the tool's own members' (src/mcp/tools.ts).
    for (const tool of specs) {
      for (const [path, description] of members(tool.inputJson)) {
        expect(
          typeof description === 'string' && description.length > 0,
          `${tool.name} ${path}: describe it on its schema`,
        ).toBe(true);
      }
      for (const field of Object.keys(tool.fixed)) {
        expect(Object.keys(tool.inputJson.properties as object)).not.toContain(field);
      }
    }
  });

  it('give listings paging, destructive tools a confirmation, and jobs a wait', () => {
    const props = (tool: (typeof specs)[number]) =>
      Object.keys(tool.inputJson.properties as object);
    const leaves = declaredLeaves(svcCommands);
    for (const tool of specs) {
      const op = operation(tool.operation);
      const has = props(tool);
      // A read whose rows are a list or a map is a listing, paged by the tool itself.
      const listing = op.readOnly && op.table.rows !== 'record';
      expect(has.includes('limit') && has.includes('cursor'), `${tool.name} paging`).toBe(listing);
      // A paged read that is not a listing (an object of lists: the user-data export) takes
      // the service's own token, and answers the next one under the member the service uses.
      const servicePaged = !listing && op.paging !== undefined;
      expect(has.includes('pageToken'), `${tool.name} pageToken`).toBe(servicePaged);
      const answers = Object.keys(tool.output.shape);
      if (op.paging) expect(answers.includes(op.paging.next), tool.name).toBe(servicePaged);
      expect(has.includes('confirmationToken'), `${tool.name} confirmation`).toBe(
        tool.destructive || tool.replacesSome,
      );
      // A tool waits for its job where its command does (`--wait`).
      const home = leaves.find(({ path }) => path === tool.command.split(' --')[0]);
      const waits = Object.keys(home?.declaration.options ?? {}).includes('wait');
      expect(has.includes('wait') && has.includes('waitTimeoutSeconds'), `${tool.name} wait`).toBe(
        waits,
      );
    }
  });
});

describe('the tool list svc mcp serves (src/mcp/tools-list.json)', () => {
  it('is what the catalogue gives now (run `npm run generate` after changing it)', () => {
    // Each spec here makes its own schemas from the catalogue's zod schemas.
    expect(committedToolList()).toEqual(specs.map(listedTool));
  });
});

describe('docs/mcp.md', () => {
  it('lists the tools the catalogue gives (run `npm run generate` after changing one)', () => {
    const doc = readFileSync(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');
    const start = '<!-- tools: generated by `npm run generate` from the catalogue -->\n\n';
    const from = doc.indexOf(start) + start.length;
    const to = doc.indexOf('\n<!-- end of tools -->');
    expect(doc.slice(from, to)).toBe(toolListMarkdown(toolRows(toolNames)));
  });
});
