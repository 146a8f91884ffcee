import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { UsageError } from '../../errors/errors.js';

export async function run(ctx: Context, _opts: GlobalOptions): Promise<void> {
  const store = await ctx.profiles();
  const name = store.selectedName(ctx.globals.profile || ctx.env.SVC_PROFILE);
  const profile = store.get(name);
  if (!profile)
    throw new UsageError(`no profile named "${name}"`, { hint: 'see `svc profile list`' });
  const { authToken: _a, workspaceToken: _w, ...rest } = profile;
  await store.save(name, rest);
  ctx.out.success(`Removed the tokens of profile "${name}"`);
}
