import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { profileActedOn } from './stored.js';

export async function run(ctx: Context, _opts: GlobalOptions, [named]: string[]): Promise<void> {
  const { store, name } = await profileActedOn(ctx, named);
  await store.use(name);
  ctx.out.success(`Profile "${name}" is now active`);
}
