import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import type { McpFlags } from '../../mcp/flags.js';
import { clientConfig, configFile, serverArgs, type ClientName } from '../../mcp/client-config.js';

interface Options extends GlobalOptions, McpFlags {
  client: ClientName;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const { selectServed } = await import('../../mcp/flags.js');
  // The same names and the same checks as `svc mcp`: a snippet that cannot start is refused.
  selectServed(opts);
  const snippet = clientConfig(opts.client, serverArgs(ctx, opts, process.cwd()));
  if (ctx.out.json) return ctx.out.jsonDocument(snippet);
  ctx.out.text(JSON.stringify(snippet, null, 2));
  ctx.out.info(`Merge it into ${configFile[opts.client]} (see docs/mcp.md).`);
}
