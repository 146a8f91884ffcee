import { confirmDestructive } from '../../cli/confirm.js';
import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { profileActedOn, storedProfile } from './stored.js';

export async function run(ctx: Context, _opts: GlobalOptions, [named]: string[]): Promise<void> {
  const { store, name } = await profileActedOn(ctx, named);
  // Removing the profile in use changes what every later command does: asked first.
  if (store.activeName() === name) {
    await confirmDestructive(ctx, `remove profile "${name}", the active profile`);
  }
  if (ctx.dryRun) {
    ctx.out.info(`dry run: profile "${name}" would be removed`);
    return;
  }
  // Another svc may have removed it since the store was read.
  if (!(await store.remove(name))) storedProfile(store, undefined);
  ctx.out.success(`Removed profile "${name}"`);
}
