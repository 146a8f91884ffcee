import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { storedProfile } from './stored.js';

export async function run(ctx: Context, _opts: GlobalOptions, [name]: string[]): Promise<void> {
  const store = await ctx.profiles();
  await store.use(storedProfile(store, name));
  ctx.out.success(`Profile "${name}" is now active`);
}
