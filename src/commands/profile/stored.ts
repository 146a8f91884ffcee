import type { Context } from '../../cli/context.js';
import { unknownProfile, type ProfileStore } from '../../config/profiles.js';

/** `name`, when a profile of that name is stored; otherwise the one message for it. */
export function storedProfile(
  store: ProfileStore,
  name: string | undefined,
  source?: string,
): string {
  if (name === undefined || !store.get(name)) {
    throw unknownProfile(
      name ?? '',
      store.list().map(([n]) => n),
      source,
    );
  }
  return name;
}

/**
 * The profile store, and the stored profile a command acts on: the one it names, else the
 * one selected (--profile, SVC_PROFILE, then the active profile).
 */
export async function profileActedOn(
  ctx: Context,
  named?: string,
): Promise<{ store: ProfileStore; name: string }> {
  const store = await ctx.profiles();
  if (named !== undefined) return { store, name: storedProfile(store, named) };
  const requested = ctx.requestedProfile();
  return {
    store,
    name: storedProfile(
      store,
      store.selectedName(requested),
      requested === undefined ? undefined : ctx.requestedProfileSource(),
    ),
  };
}
