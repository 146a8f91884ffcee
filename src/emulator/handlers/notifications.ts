import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import { EmulatorError } from '../errors.js';
import type {
  NotificationCursor,
  NotificationFilter,
  NotificationOrder,
  NotificationRecord,
} from '../store/notifications.js';
import type { Scope } from '../store/scope.js';
import { requireConsoleOption } from './console-gate.js';
import type { HandlerDeps, Handlers } from './types.js';

type NotificationResource = z.input<Schema<'notification'>>;

/** The documented default page size (docs/wire-notes.md). */
const DEFAULT_PAGE_SIZE = 1000;
/** Larger page sizes are lowered to this; the listing goes on through the page token. */
const MAX_PAGE_SIZE = 1000;

/**
 * A page token is a keyset cursor: the (timestamp, id) of the last notification sent, with
 * the order and a digest of the query it belongs to. The next page starts strictly after
 * that position, so notifications added between pages neither shift nor repeat the ones
 * of the listing; a token is refused for any other query or order.
 */
const tokenShape = z.strictObject({
  v: z.literal(1),
  order: z.enum(['asc', 'desc']),
  query: z.string(),
  timestamp: z.number(),
  id: z.string(),
});

function queryDigest(scope: Scope, filter: NotificationFilter): string {
  const ids = filter.ids === undefined ? null : [...new Set(filter.ids)].sort();
  const key = [
    scope.workspaceId,
    scope.apiKeyId,
    filter.organizationId,
    filter.documentId ?? null,
    filter.locationId ?? null,
    filter.userId ?? null,
    ids,
  ];
  return createHash('sha256').update(JSON.stringify(key)).digest('base64url').slice(0, 22);
}

function pageToken(order: NotificationOrder, query: string, last: NotificationRecord): string {
  const token: z.infer<typeof tokenShape> = {
    v: 1,
    order,
    query,
    timestamp: last.timestamp,
    id: last.id,
  };
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function readPageToken(text: string, order: NotificationOrder, query: string): NotificationCursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const token = tokenShape.safeParse(decoded).data;
  if (!token) throw new EmulatorError('INVALID_ARGUMENT', 'Invalid pageToken.');
  if (token.query !== query) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      'Invalid pageToken: it belongs to a query with other filters; send the same filters as the first page.',
    );
  }
  if (token.order !== order) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Invalid pageToken: it belongs to a listing in ${token.order} order, not ${order}.`,
    );
  }
  return { timestamp: token.timestamp, id: token.id };
}

/**
 * The notification as the service answers it: what it was given, with `metadata` built
 * from where it is stored (so a migrated document shows its new id) and
 * `notifyUsersByUserId` from its recipients (so a deleted user no longer appears).
 */
export function notificationResource(scope: Scope, n: NotificationRecord): NotificationResource {
  return {
    id: n.id,
    ...n.content,
    metadata: {
      apiKey: scope.apiKeyId,
      organizationId: n.organizationId,
      ...(n.documentId !== null && { documentId: n.documentId }),
      ...(n.locationId !== null && { locationId: n.locationId }),
    },
    notifyUsersByUserId: n.recipients,
    timestamp: n.timestamp,
  };
}

/** Operation 22. */
export function notificationHandlers(deps: HandlerDeps): Handlers<'notifications.get'> {
  const { store } = deps;
  return {
    'notifications.get': (data, { scope }) => {
      requireConsoleOption(deps, scope.workspaceId, 'advancedQueries', 'Reading notifications');
      const order = data.order ?? 'desc';
      const filter: NotificationFilter = {
        organizationId: data.organizationId,
        documentId: data.documentId,
        locationId: data.locationId,
        userId: data.userId,
        ids: data.notificationIds,
      };
      const query = queryDigest(scope, filter);
      // An empty token is what the last page has: it starts the listing again.
      const after = data.pageToken ? readPageToken(data.pageToken, order, query) : undefined;
      const size = Math.min(data.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
      // One more than the page tells whether another page follows.
      const found = store.notifications.page(scope, filter, order, after, size + 1);
      const page = found.slice(0, size);
      const last = page.at(-1);
      return {
        message: 'Notifications retrieved successfully.',
        data: page.map((n) => notificationResource(scope, n)),
        ...(found.length > size && last && { next: pageToken(order, query, last) }),
      };
    },
  };
}
