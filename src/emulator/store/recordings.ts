import type { Database } from './sqlite.js';
import { json, tableColumns } from './columns.js';
import { KeysetPages, type ListKey } from './keyset.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';
import { RecordTable } from './table-rows.js';

/** A recording annotation (spec "Recording") as a fixture gave it, less its ids. */
export type RecordingJson = Record<string, unknown>;

export interface RecordingRecord {
  organizationId: string;
  documentId: string;
  /** The annotation id. */
  id: string;
  recording: RecordingJson;
  createdAt: number;
}

const recordingColumns = tableColumns<RecordingRecord>({
  organizationId: 'organization_id',
  documentId: 'document_id',
  id: 'id',
  recording: json('recording', (parsed) => parsed as RecordingJson),
  createdAt: 'created_at',
});

/** What the read of recordings (op 140) selects; every member given must match. */
export interface RecordingQuery {
  documentId?: string | undefined;
  ids?: readonly string[] | undefined;
}

type PageParams = OrganizationParams & { document_id?: string; ids?: string };

/** The `recordings` table: ids are unique in an organization. */
export class RecordingTable {
  private readonly upsert: (scope: Scope, recording: RecordingRecord) => void;
  private readonly pages: KeysetPages<PageParams, RecordingRecord>;

  constructor(db: Database) {
    const recordings = new RecordTable(db, 'recordings', recordingColumns);
    this.upsert = recordings.scopedInsert(
      `ON CONFLICT (workspace_id, api_key_id, organization_id, id) DO UPDATE SET
         document_id = excluded.document_id, recording = excluded.recording`,
    );
    this.pages = new KeysetPages(
      db,
      recordingColumns,
      `SELECT ${recordingColumns.names.join(', ')} FROM recordings`,
      ['id'],
    );
  }

  /** Adds the recording, or replaces the one with its id. */
  put(scope: Scope, recording: RecordingRecord): void {
    this.upsert(scope, recording);
  }

  /** Up to `limit` of the organization's recordings the query selects, by id, after `after`. */
  page(
    scope: Scope,
    organizationId: string,
    query: RecordingQuery,
    after: ListKey | undefined,
    limit: number,
  ): RecordingRecord[] {
    const conditions = [IN_ORGANIZATION];
    const params: PageParams = organizationParams(scope, organizationId);
    if (query.documentId !== undefined) {
      conditions.push('document_id = @document_id');
      params.document_id = query.documentId;
    }
    if (query.ids !== undefined) {
      conditions.push('id IN (SELECT value FROM json_each(@ids))');
      params.ids = JSON.stringify(query.ids);
    }
    return this.pages.page(conditions, params, 'asc', after, limit);
  }
}
