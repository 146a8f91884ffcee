import type { Context } from '../../cli/context.js';
import { isValidProfileName } from '../../config/profiles.js';

/**
 * `svc __complete profiles`: the stored profile names, one a line, for the completion
 * scripts. A shell is waiting on it, so it prints what it can and never fails. A name that
 * breaks the profile-name rule was not written by svc: a shell could run what is in it, or
 * read a line feed in it as two names, so it is left out.
 */
export async function run(ctx: Context): Promise<void> {
  try {
    const store = await ctx.profiles();
    for (const [name] of store.list()) {
      if (isValidProfileName(name)) ctx.io.stdout.write(`${name}\n`);
    }
  } catch {
    // No readable config: no names to offer.
  }
}
