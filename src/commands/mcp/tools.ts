import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { mcpToolsOptions } from './index.js';

type Options = HandlerOptions<typeof mcpToolsOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const [{ selectServed }, { toolNames }, { toolRows, toolListMarkdown }] = await Promise.all([
    import('../../mcp/flags.js'),
    import('./tool-names.js'),
    import('../../mcp/tool-docs.js'),
  ]);
  const { served } = selectServed(opts, toolNames);
  const rows = toolRows(toolNames.filter((t) => served.includes(t.name)));
  if (opts.markdown) return ctx.out.text(toolListMarkdown(rows));
  if (ctx.out.json) {
    // As tools/list shows each tool, made from the catalogue's zod schemas (npm run generate
    // writes src/mcp/tools-list.json from this).
    const [{ toolSpecs }, { listedTool }] = await Promise.all([
      import('../../mcp/tools.js'),
      import('../../mcp/tools-list.js'),
    ]);
    const specs = toolSpecs(toolNames, served);
    return ctx.out.jsonDocument(
      rows.map((row, i) => ({ ...row, ...(specs[i] && listedTool(specs[i])) })),
    );
  }
  await ctx.out.rows(
    rows.map((r) => ({
      ...r,
      kind: r.readOnly ? 'read' : r.destructive ? 'destructive' : 'write',
    })),
    {
      rows: 'list',
      columns: [
        { header: 'TOOL', path: 'name' },
        { header: 'TOOLSET', path: 'toolset' },
        { header: 'KIND', path: 'kind' },
        { header: 'SUMMARY', path: 'summary', wraps: true },
      ],
    },
  );
}
