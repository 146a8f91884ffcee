import type { Database } from './sqlite.js';
import { DocumentValueTable } from './document-values.js';

export type LiveStateJson = Record<string, unknown>;

/** The `live_states` table: a document's live-state objects by `liveStateDataId`. */
export class LiveStateTable extends DocumentValueTable<LiveStateJson> {
  constructor(db: Database) {
    super(db, 'live_states', {
      key: 'id',
      value: 'state',
      read: (parsed) => parsed as LiveStateJson,
    });
  }
}
