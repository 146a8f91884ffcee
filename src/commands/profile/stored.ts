import { unknownProfile, type ProfileStore } from '../../config/profiles.js';

/** `name`, when a profile of that name is stored; otherwise the one message for it. */
export function storedProfile(store: ProfileStore, name: string | undefined): string {
  if (name === undefined || !store.get(name)) {
    throw unknownProfile(
      name ?? '',
      store.list().map(([n]) => n),
    );
  }
  return name;
}
