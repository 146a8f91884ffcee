import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { storedProfile } from './stored.js';
import { credentialRecord, profileView } from './view.js';

export async function run(
  ctx: Context,
  _opts: GlobalOptions,
  [requested]: string[],
): Promise<void> {
  const store = await ctx.profiles();
  const name = storedProfile(store, requested ?? store.selectedName(ctx.requestedProfile()));
  const profile = (await store.resolve(name))?.profile ?? {};
  const view = profileView(name, profile, store.activeName() === name);
  await ctx.out.data(view, {
    rows: 'record',
    columns: [
      { header: 'NAME', path: 'name' },
      { header: 'ACTIVE', path: 'active' },
      ...credentialRecord.columns,
    ],
  });
}
