import { operation } from '../../catalogue/operations.js';
import { listPage } from '../listing.js';
import type { RecordingRecord } from '../store/recordings.js';
import type { Scope } from '../store/scope.js';
import type { HandlerDeps, Handlers } from './types.js';

/** A stored recording as the read answers it: its ids and metadata from where it is kept. */
function recordingItem(scope: Scope, r: RecordingRecord) {
  return {
    type: 'recorder',
    ...r.recording,
    annotationId: r.id,
    metadata: {
      apiKey: scope.apiKeyId,
      documentId: r.documentId,
      organizationId: r.organizationId,
    },
  };
}

/**
 * Operation 140. Recordings are made by client SDKs, so in the emulator only fixtures add
 * them; the read lists the organization's, by annotation id, a page at a time.
 */
export function recordingHandlers(deps: HandlerDeps): Handlers<'recordings.get'> {
  const { store } = deps;
  return {
    'recordings.get': (data, { scope }) => {
      const orgId = data.organizationId;
      const query = { documentId: data.documentId, ids: data.recordingIds };
      const page = listPage(
        {
          operation: operation('recordings.get'),
          scope,
          filters: { organizationId: orgId, ...query },
          key: ['string'],
          keyOf: (r: RecordingRecord) => [r.id],
          rows: (after, limit) => store.recordings.page(scope, orgId, query, after, limit),
        },
        data,
      );
      return {
        message: 'Recorder annotations retrieved successfully.',
        data: page.rows.map((r) => recordingItem(scope, r)),
        ...(page.next !== undefined && { next: page.next }),
      };
    },
  };
}
