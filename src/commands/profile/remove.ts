import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { unknownProfile } from './view.js';

export async function run(ctx: Context, _opts: GlobalOptions, [name]: string[]): Promise<void> {
  const store = await ctx.profiles();
  if (!name || !(await store.remove(name)))
    throw unknownProfile(
      name ?? '',
      store.list().map(([n]) => n),
    );
  ctx.out.success(`Removed profile "${name}"`);
}
