import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { profileActedOn } from '../profile/stored.js';
import { confirmLosing, onlyCopyWarning } from './only-copy.js';

export async function run(ctx: Context, _opts: GlobalOptions): Promise<void> {
  const { store, name } = await profileActedOn(ctx);
  const stored = store.get(name);
  const lost = onlyCopyWarning(name, stored);
  if (lost) await confirmLosing(ctx, `remove the tokens of profile "${name}"`, lost);
  const { authToken: _a, workspaceToken: _w, ...rest } = stored ?? {};
  await store.save(name, rest, { replace: true });
  ctx.out.success(`Removed the tokens of profile "${name}"`);
}
