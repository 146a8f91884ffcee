// The least an MCP server can cost with the SDK svc uses: one tool with a zod input schema,
// on stdio. bench/floor.mjs times it from spawn to its answer to tools/list.
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

const server = new McpServer({ name: 'floor', version: '1.0.0' });
server.registerTool(
  'docs_list',
  {
    description: 'List the documents of an organization',
    inputSchema: z.object({ org: z.string() }),
  },
  async ({ org }) => ({ content: [{ type: 'text', text: org }] }),
);
await server.connect(new StdioServerTransport());
