import type { Database, Statement } from './sqlite.js';
import type { CrdtType } from '../crdt/editor.js';
import type { LiveStateJson } from './live-states.js';
import { type Scope, type ScopeParams, scopeParams } from './scope.js';

/** What connected clients of a document receive (spec "Events": operations 20 and 21). */
export type FeedPayload =
  | {
      kind: 'livestate';
      liveStateDataId: string;
      /** What the broadcast sent. */
      data: LiveStateJson;
      merge: boolean;
      /** The live state after it. */
      state: LiveStateJson;
    }
  | {
      kind: 'crdt';
      editorId: string;
      type: CrdtType;
      contentKey: string;
      /** A Yjs update (V1 encoding), base64. */
      update: string;
    };

export type FeedEvent = FeedPayload & {
  /** Increases with every event of the emulator and is never reused, even after a reset. */
  seq: number;
  time: number;
  workspaceId: string;
  organizationId: string;
  documentId: string;
};

export interface FeedQuery {
  workspaceId: string;
  organizationId?: string | undefined;
  documentId?: string | undefined;
  /** Only events with a greater `seq`. */
  after: number;
}

interface FeedRow {
  seq: number;
  workspace_id: string;
  organization_id: string;
  document_id: string;
  payload: string;
  created_at: number;
}

type InsertParams = ScopeParams & {
  organization_id: string;
  document_id: string;
  kind: FeedPayload['kind'];
  payload: string;
  created_at: number;
};
type QueryParams = {
  workspace_id: string;
  organization_id: string | null;
  document_id: string | null;
  after: number;
};

function fromRow(row: FeedRow): FeedEvent {
  return {
    ...(JSON.parse(row.payload) as FeedPayload),
    seq: row.seq,
    time: row.created_at,
    workspaceId: row.workspace_id,
    organizationId: row.organization_id,
    documentId: row.document_id,
  };
}

/** The `feed_events` table, and who wants to hear of new events. */
export class FeedEventTable {
  private readonly insertStmt: Statement<[InsertParams]>;
  private readonly queryStmt: Statement<[QueryParams], FeedRow>;
  private readonly listeners = new Set<() => void>();

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO feed_events (workspace_id, api_key_id, organization_id, document_id, kind,
         payload, created_at)
       VALUES (@workspace_id, @api_key_id, @organization_id, @document_id, @kind,
         @payload, @created_at)`,
    );
    this.queryStmt = db.prepare(
      `SELECT seq, workspace_id, organization_id, document_id, payload, created_at
       FROM feed_events
       WHERE workspace_id = @workspace_id AND seq > @after
         AND (@organization_id IS NULL OR organization_id = @organization_id)
         AND (@document_id IS NULL OR document_id = @document_id)
       ORDER BY seq`,
    );
  }

  /** Appends an event and tells the listeners. */
  append(
    scope: Scope,
    organizationId: string,
    documentId: string,
    payload: FeedPayload,
    now: number,
  ): void {
    this.insertStmt.run({
      ...scopeParams(scope),
      organization_id: organizationId,
      document_id: documentId,
      kind: payload.kind,
      payload: JSON.stringify(payload),
      created_at: now,
    });
    for (const listener of this.listeners) listener();
  }

  /** The events the query selects, in order. */
  list(query: FeedQuery): FeedEvent[] {
    return this.queryStmt
      .all({
        workspace_id: query.workspaceId,
        organization_id: query.organizationId ?? null,
        document_id: query.documentId ?? null,
        after: query.after,
      })
      .map(fromRow);
  }

  /**
   * Calls `listener` after each append. The append may be inside a transaction that has not
   * committed yet, so a listener reads the feed later (on a later turn of the event loop),
   * not from within the call. Returns the function that stops the calls.
   */
  subscribe(listener: () => void): () => void {
    const own = () => listener();
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }
}
