import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { profileActedOn } from '../profile/stored.js';

export async function run(ctx: Context, _opts: GlobalOptions): Promise<void> {
  const { store, name } = await profileActedOn(ctx);
  const { authToken: _a, workspaceToken: _w, ...rest } = store.get(name) ?? {};
  await store.save(name, rest, { replace: true });
  ctx.out.success(`Removed the tokens of profile "${name}"`);
}
