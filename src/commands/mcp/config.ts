import type { Context } from '../../cli/context.js';
import { svcCommand } from '../../emulator/launch.js';
import { buildKind } from '../../sea/build-kind.js';
import { clientConfig, configFile, serverArgs, type Started } from '../../mcp/client-config.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { mcpConfigOptions } from './index.js';

type Options = HandlerOptions<typeof mcpConfigOptions>;

/** This svc, by absolute paths: Node and its script's real path, or the single executable. */
function started(ctx: Context): Started {
  const { realpathSync } = process.getBuiltinModule('node:fs');
  const script = ctx.deps.binPath ?? process.argv[1] ?? '';
  let real = script;
  try {
    real = realpathSync(script);
  } catch {
    // A script that cannot be resolved is named as it was given.
  }
  return svcCommand(real, buildKind() === 'binary');
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const [{ selectServed }, { toolNames }] = await Promise.all([
    import('../../mcp/flags.js'),
    import('./tool-names.js'),
  ]);
  // The same names and the same checks as `svc mcp`: a snippet that cannot start is refused.
  selectServed(opts, toolNames);
  const snippet = clientConfig(opts.client, serverArgs(ctx, opts, process.cwd()), started(ctx));
  if (ctx.out.json) return ctx.out.jsonDocument(snippet);
  ctx.out.text(JSON.stringify(snippet, null, 2));
  ctx.out.info(`Merge it into ${configFile[opts.client]} (see docs/mcp.md).`);
}
