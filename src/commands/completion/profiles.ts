import type { Context } from '../../cli/context.js';

/**
 * `svc __complete profiles`: the stored profile names, one a line, for the completion
 * scripts. A shell is waiting on it, so it prints what it can and never fails.
 */
export async function run(ctx: Context): Promise<void> {
  try {
    const store = await ctx.profiles();
    for (const [name] of store.list()) ctx.io.stdout.write(`${name}\n`);
  } catch {
    // No readable config: no names to offer.
  }
}
