import type { Context } from '../../cli/context.js';
import type { Profile, ProfileStore } from '../../config/profiles.js';
import { UsageError } from '../../errors/errors.js';

/**
 * Whether the user agreed that `name`'s stored credentials may be replaced: false when
 * nothing is stored under it, true with --force (or --yes) or a "yes" at the prompt.
 * Off a terminal without --force it refuses, since the tokens replaced are gone for good.
 */
export async function consentToReplace(
  ctx: Context,
  store: ProfileStore,
  name: string,
  force: boolean | undefined,
): Promise<boolean> {
  const stored = store.get(name);
  if (!stored) return false;
  if (force || ctx.yes) return true;
  const what = `profile "${name}" already holds credentials (${describe(stored)})`;
  if (!ctx.prompter.enabled) {
    throw new UsageError(`${what}: pass --force to replace them`, {
      hint: 'or store the new ones under another name with --profile',
    });
  }
  const held = stored.workspaceId ? ` (workspace ${stored.workspaceId})` : '';
  if (!(await ctx.prompter.confirm(`Replace the credentials in profile "${name}"${held}?`))) {
    throw new UsageError(`not confirmed: profile "${name}" is unchanged`);
  }
  return true;
}

function describe(profile: Profile): string {
  const parts = [
    profile.workspaceId && `workspace ${profile.workspaceId}`,
    profile.apiKey && `API key ${profile.apiKey}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'a service URL';
}
