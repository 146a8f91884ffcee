import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mayDestroy } from '../../../src/catalogue/destructive.js';
import { operations } from '../../../src/catalogue/operations.js';
import { declaredLeaves } from '../../../src/cli/declare/ownership.js';
import { allCommands, commandTree } from '../../../src/cli/reference/tree.js';
import { svcCommands } from '../../../src/commands/index.js';
import type { JsonSchema } from '../../../src/mcp/json-schema.js';
import { toolListMarkdown } from '../../../src/mcp/tool-docs.js';
import { toolNames } from '../../../src/mcp/tool-names.js';
import { toolSpecs } from '../../../src/mcp/tools.js';

const specs = toolSpecs();
const commandPaths = new Set(
  [...allCommands(commandTree())].map((c) => c.path.join(' ')).filter(Boolean),
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
    expect(specs).toHaveLength(39);
  });

  it('are named after the command that sends each operation', () => {
    expect(specs.map((t) => t.name)).toEqual([
      'workspace_create',
      'workspace_tokens',
      'workspace_email_config',
      'workspace_email_status',
      'workspace_login_link',
      'permissions_get',
      'folders_list',
      'folders_add',
      'docs_list',
      'docs_update',
      'docs_disable',
      'docs_enable',
      'orgs_update',
      'orgs_disable',
      'orgs_enable',
      'groups_add',
      'users_remove',
      'users_purge',
      'activities_add',
      'activities_delete',
      'presence_add',
      'livestate_broadcast',
      'crdt_update',
      'notifications_list',
      'notifications_config',
      'notifications_config_v1',
      'ai_rewrite',
      'docs_migrate',
      'docs_migration_status',
      'users_purge_status',
      'webhooks_config_get',
      'webhooks_config_update',
      'webhooks_config_get_advanced',
      'webhooks_config_update_advanced',
      'webhooks_endpoints_create',
      'webhooks_endpoints_list',
      'webhooks_endpoints_update',
      'webhooks_endpoints_delete',
      'webhooks_endpoints_secret',
    ]);
    for (const tool of toolNames) {
      const path = tool.command.split(' --')[0] ?? '';
      expect(commandPaths.has(path), `${tool.name}: svc ${path}`).toBe(true);
      expect(tool.toolset).toBe(path.split(' ')[0]);
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
    for (const tool of specs) {
      for (const [path, description] of members(tool.inputJson)) {
        expect(
          typeof description === 'string' && description.length > 0,
          `${tool.name} ${path}`,
        ).toBe(true);
      }
      for (const field of Object.keys(tool.fixed)) {
        expect(Object.keys(tool.inputJson.properties as object)).not.toContain(field);
      }
    }
  });

  it('give listings paging, destructive tools a confirmation, and jobs a wait', () => {
    const props = (name: string) =>
      Object.keys(specs.find((t) => t.name === name)?.inputJson.properties as object);
    for (const name of ['folders_list', 'docs_list', 'notifications_list', 'permissions_get']) {
      expect(props(name)).toEqual(expect.arrayContaining(['limit', 'cursor']));
    }
    expect(props('notifications_list')).not.toContain('pageToken');
    for (const tool of specs.filter((t) => t.destructive)) {
      expect(props(tool.name)).toContain('confirmationToken');
    }
    for (const name of ['docs_migrate', 'users_purge', 'docs_migration_status']) {
      expect(props(name)).toEqual(expect.arrayContaining(['wait', 'waitTimeoutSeconds']));
    }
    expect(props('docs_update')).not.toContain('limit');
  });
});

describe('the schemas svc mcp serves', () => {
  it('are what the catalogue gives, whether the build made them or the tools do', () => {
    // The end-to-end test takes this snapshot from the built svc mcp, which serves the
    // schemas the build wrote (dist/mcp-schemas.json); here each tool makes its own.
    const served = JSON.parse(
      readFileSync(new URL('../../e2e/__snapshots__/mcp-tools-list.json', import.meta.url), 'utf8'),
    ) as { name: string; description: string; inputSchema: unknown; outputSchema: unknown }[];
    expect(served.map((t) => t.name)).toEqual(specs.map((t) => t.name));
    for (const [i, tool] of specs.entries()) {
      expect(served[i]?.description, tool.name).toBe(tool.description);
      expect(served[i]?.inputSchema, tool.name).toEqual(tool.inputJson);
      expect(served[i]?.outputSchema, tool.name).toEqual(tool.outputJson);
    }
  });
});

describe('docs/mcp.md', () => {
  it('lists the tools the catalogue gives (run `npm run generate` after changing one)', () => {
    const doc = readFileSync(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');
    const start = '<!-- tools: generated by `npm run generate` from the catalogue -->\n\n';
    const from = doc.indexOf(start) + start.length;
    const to = doc.indexOf('\n<!-- end of tools -->');
    expect(doc.slice(from, to)).toBe(toolListMarkdown());
  });
});
