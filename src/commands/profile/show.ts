import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { CredentialsError } from '../../errors/errors.js';
import { storedProfile } from './stored.js';
import { credentialRecord, profileView } from './view.js';

export async function run(
  ctx: Context,
  _opts: GlobalOptions,
  [requested]: string[],
): Promise<void> {
  const store = await ctx.profiles();
  const name = storedProfile(store, requested ?? store.selectedName(ctx.requestedProfile()));
  // A keyring that cannot be read here hides only the masked tokens, not the profile.
  const profile = await store.resolve(name).then(
    (resolved) => resolved?.profile ?? {},
    (err: unknown) => {
      if (!(err instanceof CredentialsError)) throw err;
      ctx.out.warn(err.message);
      return store.get(name) ?? {};
    },
  );
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
