import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { readContent } from './crdt/editor.js';
import { parseAdminQuery } from './admin-query.js';
import { EmulatorError } from './errors.js';
import { eventStream } from './event-stream.js';
import { type AdminRoute, type AdminRoutes, type Answer, ok } from './http.js';
import type { Store } from './store/store.js';

/**
 * Admin reads of what operations 17 to 21 wrote (activities, presence lists, live states,
 * CRDT editors) and of the event feed: what the documents' connected clients would have
 * received. Each read is of one workspace, across its API keys.
 */

const id = z.string().min(1, 'must not be empty');
const seq = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a whole number')
  .transform(Number);

const inOrganization = { workspaceId: id, organizationId: id };
const inDocument = { ...inOrganization, documentId: id };
const activitiesQuery = z.strictObject({ ...inOrganization, documentId: id.optional() });
const documentQuery = z.strictObject(inDocument);
const editorQuery = z.strictObject({ ...inDocument, editorId: id });
const feedQuery = z.strictObject({
  workspaceId: id,
  organizationId: id.optional(),
  documentId: id.optional(),
  after: seq.optional(),
});

type Query<S extends z.ZodType> = z.output<S>;

function activities(store: Store, q: Query<typeof activitiesQuery>) {
  const list = store.activities.list(q.workspaceId, q.organizationId, q.documentId);
  return {
    activities: list.map((a) => ({
      organizationId: a.organizationId,
      documentId: a.documentId,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      activity: a.activity,
    })),
  };
}

function presence(store: Store, q: Query<typeof documentQuery>) {
  return { users: store.presence.list(q.workspaceId, q.organizationId, q.documentId) };
}

function liveStates(store: Store, q: Query<typeof documentQuery>) {
  const list = store.liveStates.list(q.workspaceId, q.organizationId, q.documentId);
  return {
    liveStates: list.map((s) => ({
      liveStateDataId: s.key,
      state: s.value,
      updatedAt: s.updatedAt,
    })),
  };
}

/** The editor's content as JSON, and its whole Yjs state: what a client starts from. */
function crdt(store: Store, q: Query<typeof editorQuery>) {
  const editor = store.crdtEditors.findInWorkspace(
    q.workspaceId,
    q.organizationId,
    q.documentId,
    q.editorId,
  );
  if (!editor) throw new EmulatorError('NOT_FOUND', 'No CRDT data found for this editor ID.');
  return {
    type: editor.type,
    contentKey: editor.contentKey,
    content: readContent(editor.state, editor.type, editor.contentKey),
    state: Buffer.from(editor.state).toString('base64'),
  };
}

function events(store: Store, q: Query<typeof feedQuery>) {
  return { events: store.feedEvents.list({ ...q, after: q.after ?? 0 }) };
}

/**
 * The feed as an event stream; a reconnecting client's `Last-Event-ID` header counts as
 * `after` when it is further along.
 */
function stream(store: Store, req: IncomingMessage, query: URLSearchParams): Answer {
  const q = parseAdminQuery(store, query, feedQuery);
  const lastEventId = seq.safeParse(req.headers['last-event-id']);
  const after = Math.max(q.after ?? 0, lastEventId.success ? lastEventId.data : 0);
  return eventStream(store.feedEvents, { ...q, after });
}

/** A GET that answers with what `read` makes of its query, checked against `schema`. */
function reading<S extends z.ZodType<{ workspaceId?: string | undefined }>>(
  schema: S,
  read: (store: Store, q: Query<S>) => unknown,
): AdminRoute<{ store: Store }> {
  return {
    method: 'GET',
    route: (_req, query, { store }) => ok(read(store, parseAdminQuery(store, query, schema))),
  };
}

export const collabRoutes: AdminRoutes<{ store: Store }> = {
  activities: reading(activitiesQuery, activities),
  presence: reading(documentQuery, presence),
  livestate: reading(documentQuery, liveStates),
  crdt: reading(editorQuery, crdt),
  events: reading(feedQuery, events),
  'events/stream': { method: 'GET', route: (req, query, { store }) => stream(store, req, query) },
};
