import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { confirmLosing, onlyCopyWarning } from '../auth/only-copy.js';
import { profileActedOn, storedProfile } from './stored.js';

export async function run(ctx: Context, _opts: GlobalOptions, [named]: string[]): Promise<void> {
  const { store, name } = await profileActedOn(ctx, named);
  // Removing the profile in use changes what every later command does, and removing the
  // only copy of a workspace's tokens cannot be undone: either is asked first.
  const active = store.activeName() === name ? ', the active profile' : '';
  const lost = onlyCopyWarning(name, store.get(name));
  if (active || lost) await confirmLosing(ctx, `remove profile "${name}"${active}`, lost);
  if (ctx.dryRun) {
    ctx.out.info(`dry run: profile "${name}" would be removed`);
    return;
  }
  // Another svc may have removed it since the store was read.
  if (!(await store.remove(name))) storedProfile(store, undefined);
  ctx.out.success(`Removed profile "${name}"`);
}
