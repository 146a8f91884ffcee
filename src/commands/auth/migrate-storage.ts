import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import type { SecretStore } from '../../config/profiles.js';
import { profileActedOn } from '../profile/stored.js';

interface Options extends GlobalOptions {
  all?: boolean;
}

const placeName: Record<SecretStore, string> = {
  keyring: 'the OS keyring',
  file: 'the config file',
};

/**
 * Moves stored tokens to the OS keyring, or with --insecure-storage back to the config
 * file. Profiles stored before svc used the keyring keep working where they are; this is
 * how they move.
 */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const store = await ctx.profiles();
  const to: SecretStore = opts.insecureStorage ? 'file' : 'keyring';
  const names = opts.all ? store.list().map(([name]) => name) : [(await profileActedOn(ctx)).name];
  if (ctx.dryRun) {
    ctx.out.info(
      `dry run: the tokens of ${names.map((n) => `"${n}"`).join(', ') || 'no profile'} would move to ${placeName[to]}`,
    );
    return;
  }
  const results: { profile: string; storage: SecretStore; moved: boolean }[] = [];
  for (const name of names) {
    results.push({ profile: name, storage: to, moved: await store.move(name, to) });
  }
  if (ctx.out.json) return ctx.out.jsonDocument(results);
  for (const { profile, moved } of results) {
    ctx.out.info(
      moved
        ? `Moved the tokens of profile "${profile}" to ${placeName[to]}`
        : `Profile "${profile}" has no tokens outside ${placeName[to]}`,
    );
  }
}
