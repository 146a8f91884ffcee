import type { LiveStateJson } from '../store/live-states.js';
import type { HandlerDeps, Handlers } from './types.js';

/** Top-level keys of `changes` set into `current`; a key set to null is removed (docs/wire-notes.md). */
function merged(current: LiveStateJson, changes: LiveStateJson): LiveStateJson {
  // A Map, so that a key such as "__proto__" is data like any other.
  const entries = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) entries.delete(key);
    else entries.set(key, value);
  }
  return Object.fromEntries(entries);
}

/**
 * Operation 20 of the spec. The state persists until overwritten: without `merge` the data
 * replaces it, with `merge` it is merged in. Each broadcast is one event of the feed, what
 * the document's connected clients receive. Creates the organization on first use.
 */
export function liveStateHandlers(deps: HandlerDeps): Handlers<'livestate.broadcast'> {
  const { store } = deps;
  return {
    'livestate.broadcast': (data, { scope }) => {
      const { organizationId, documentId, liveStateDataId } = data;
      const merge = data.merge ?? false;
      const now = deps.now();
      store.transaction(() => {
        store.organizations.ensure(scope, organizationId);
        const current = store.liveStates.get(scope, organizationId, documentId, liveStateDataId);
        const state = merge ? merged(current ?? {}, data.data) : data.data;
        store.liveStates.put(scope, organizationId, documentId, liveStateDataId, state, now);
        store.feedEvents.append(
          scope,
          organizationId,
          documentId,
          { kind: 'livestate', liveStateDataId, data: data.data, merge, state },
          now,
        );
      });
      return { message: 'Live state broadcast.', data: { success: true } };
    },
  };
}
