import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { CredentialsError } from '../../errors/errors.js';
import { profileActedOn } from './stored.js';
import { profileRecord, profileView } from './view.js';

export async function run(ctx: Context, _opts: GlobalOptions, [named]: string[]): Promise<void> {
  const { store, name } = await profileActedOn(ctx, named);
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
  await ctx.out.data(view, profileRecord);
}
