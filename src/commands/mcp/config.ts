import type { Context } from '../../cli/context.js';
import { clientConfig, configFile, serverArgs } from '../../mcp/client-config.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { mcpConfigOptions } from './index.js';

type Options = HandlerOptions<typeof mcpConfigOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const [{ selectServed }, { toolNames }] = await Promise.all([
    import('../../mcp/flags.js'),
    import('./tool-names.js'),
  ]);
  // The same names and the same checks as `svc mcp`: a snippet that cannot start is refused.
  selectServed(opts, toolNames);
  const snippet = clientConfig(opts.client, serverArgs(ctx, opts, process.cwd()));
  if (ctx.out.json) return ctx.out.jsonDocument(snippet);
  ctx.out.text(JSON.stringify(snippet, null, 2));
  ctx.out.info(`Merge it into ${configFile[opts.client]} (see docs/mcp.md).`);
}
