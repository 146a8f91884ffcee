import { type WebhookEvent, webhookEvent } from '../../catalogue/webhook-events.js';

/**
 * The bodies the service sends, by event: the V2 envelope of advanced webhooks and the flat
 * V1 payload of basic ones (docs/webhooks.md), and a realistic sample of every event's
 * `data` for `svc webhooks trigger`.
 */

/** Where an event happened, as the payload's metadata tells it. */
export interface EventPlace {
  apiKey: string;
  organizationId: string;
  documentId: string;
  documentName?: string | undefined;
}

export type EventData = Record<string, unknown>;

/** The advanced (V2) envelope. */
export function v2Envelope(event: WebhookEvent, webhookId: string, data: EventData): EventData {
  return {
    event: event.name,
    actionType: event.actionType,
    source: event.source,
    platform: 'sdk',
    webhookId,
    data,
  };
}

/**
 * The basic (V1) payload: the same data, flat, with the V1 action type and
 * `notificationSource`; undefined for an event basic webhooks do not carry.
 */
export function v1Payload(
  event: WebhookEvent,
  webhookId: string,
  data: EventData,
): EventData | undefined {
  if (event.v1ActionType === undefined) return undefined;
  const { metadata, ...rest } = data;
  const meta = (metadata ?? {}) as Record<string, unknown>;
  const document = (meta.document ?? {}) as Record<string, unknown>;
  const organization = (meta.organization ?? {}) as Record<string, unknown>;
  return {
    webhookId,
    actionType: event.v1ActionType,
    notificationSource: event.source,
    ...rest,
    metadata: {
      apiKey: meta.apiKey,
      documentId: document.documentId,
      documentName: document.documentName,
      clientDocumentId: document.documentId,
      organizationId: organization.organizationId,
      clientOrganizationId: organization.organizationId,
      pageInfo: meta.pageInfo ?? {},
    },
    platform: 'sdk',
    ...(event.source === 'crdt' && { accessDeniedUsers: [] }),
  };
}

/** The user a REST call acts as: the API itself, since no person is signed in. */
export function restUser(organizationId: string): EventData {
  return {
    userId: 'rest-api',
    organizationId,
    name: 'REST API',
    email: '',
    clientUserName: 'REST API',
    type: 'signedIn',
    isAdmin: false,
  };
}

export function metadataOf(place: EventPlace): EventData {
  return {
    apiKey: place.apiKey,
    document: {
      documentId: place.documentId,
      documentName: place.documentName ?? place.documentId,
    },
    organization: { organizationId: place.organizationId },
    pageInfo: {
      baseUrl: 'http://localhost:3000',
      path: `/${place.documentId}`,
      queryParams: '',
      title: place.documentName ?? place.documentId,
      url: `http://localhost:3000/${place.documentId}`,
    },
  };
}

/** What `crdt update` emits: the editor's new data, by the REST API. */
export function crdtUpdateData(
  place: EventPlace,
  editorId: string,
  data: unknown,
  at: number,
): EventData {
  return {
    actionUser: restUser(place.organizationId),
    crdtData: {
      id: editorId,
      data,
      lastUpdate: new Date(at).toISOString(),
      lastUpdatedBy: 'rest-api',
      sessionId: null,
    },
    metadata: metadataOf(place),
  };
}

const sampleUser = (organizationId: string, n: 1 | 2): EventData => ({
  userId: n === 1 ? 'ada' : 'grace',
  organizationId,
  name: n === 1 ? 'Ada Lovelace' : 'Grace Hopper',
  email: n === 1 ? 'ada@example.com' : 'grace@example.com',
  initial: n === 1 ? 'A' : 'G',
  clientUserName: n === 1 ? 'Ada Lovelace' : 'Grace Hopper',
  color: n === 1 ? '#7c3aed' : '#0891b2',
  type: 'signedIn',
});

const openStatus = {
  id: 'OPEN',
  name: 'Open',
  color: '#625DF5',
  lightColor: '#E7E8FA',
  type: 'default',
};
const resolvedStatus = {
  id: 'RESOLVED',
  name: 'Resolved',
  color: '#00C48C',
  lightColor: '#E5F9F3',
  type: 'terminal',
};
const highPriority = { id: 'P1', name: 'High', color: '#FF4A4A', lightColor: '#FFEDED' };

function sampleComment(organizationId: string, at: number): EventData {
  return {
    commentId: 202,
    type: 'text',
    commentText: 'Can we ship this on Friday?',
    commentHtml: '<p>Can we ship this on Friday?</p>',
    from: sampleUser(organizationId, 1),
    status: 'added',
    createdAt: at,
    lastUpdated: new Date(at).toISOString(),
    isDraft: false,
    isCommentTextAvailable: true,
    attachments: [],
  };
}

function sampleAnnotation(place: EventPlace, at: number, status = openStatus): EventData {
  return {
    annotationId: 'annotation-1',
    annotationIndex: 1,
    comments: [sampleComment(place.organizationId, at)],
    from: sampleUser(place.organizationId, 1),
    createdAt: at,
    lastUpdated: at,
    location: { id: 'intro', locationName: 'Introduction' },
    metadata: { apiKey: place.apiKey },
    pageInfo: {
      url: `http://localhost:3000/${place.documentId}`,
      commentUrl: `http://localhost:3000/${place.documentId}#annotation-1`,
    },
    status,
    subscribedUsers: {},
    type: 'comment',
  };
}

/** A realistic `data` of the event, at the place given: what `svc webhooks trigger` sends. */
export function sampleData(name: string, place: EventPlace, at: number): EventData {
  const event = webhookEvent(name);
  const org = place.organizationId;
  const base = { actionUser: sampleUser(org, 1), metadata: metadataOf(place) };
  switch (event?.source) {
    case 'comment': {
      const annotation = sampleAnnotation(
        place,
        at,
        name.endsWith('status_change') ? resolvedStatus : openStatus,
      );
      const data: EventData = { ...base, commentAnnotation: annotation };
      if (name.startsWith('comment.')) data.targetComment = sampleComment(org, at);
      if (name.endsWith('status_change'))
        Object.assign(data, { oldStatus: openStatus, newStatus: resolvedStatus });
      if (name.endsWith('priority_change')) data.newPriority = highPriority;
      if (name.endsWith('assign')) annotation.assignedTo = sampleUser(org, 2);
      if (name.endsWith('reaction_add') || name.endsWith('reaction_delete'))
        data.reaction = { icon: '👍', from: sampleUser(org, 2) };
      return data;
    }
    case 'huddle':
      return { ...base, actionUser: { ...sampleUser(org, 1), contacts: [sampleUser(org, 2)] } };
    case 'crdt':
      return crdtUpdateData(place, 'editor-1', 'Hello from svc webhooks trigger', at);
    case 'recorder':
      return {
        ...base,
        recorderId: 'recording-1',
        from: sampleUser(org, 1),
        assets: [
          {
            version: 1,
            url: `http://localhost:3000/recordings/recording-1.webm`,
            mimeType: 'video/webm',
            fileName: 'recording-1.webm',
            fileSizeInBytes: 1048576,
            fileFormat: 'webm',
            thumbnailUrl: `http://localhost:3000/recordings/recording-1.png`,
            transcription: { transcriptSegments: [] },
          },
        ],
        transcription: {
          transcriptSegments: [
            {
              startTime: '00:00:00.000',
              endTime: '00:00:02.500',
              startTimeInSeconds: 0,
              endTimeInSeconds: 2.5,
              text: 'Here is the new flow.',
            },
          ],
          contentSummary: 'A short walkthrough of the new flow.',
        },
      };
    case 'workflow':
      return {
        executionId: 'execution-1',
        definitionId: 'approval-1',
        seq: 1,
        status: name.split('.')[1] ?? name,
        ...(name.startsWith('step.') && { stepId: 'legal-review' }),
        ...(name.startsWith('group.') && { groupId: 'approvers' }),
        ...(name.startsWith('loop.') && { loopId: 'revisions', iteration: 1 }),
        metadata: metadataOf(place),
        timestamp: new Date(at).toISOString(),
      };
    default:
      return exhaustedData('ep_sample', 'msg_sample', 'comment.add', { at, statusCode: 500 });
  }
}

/** `message.attempt.exhausted`'s data: which message to which endpoint, and its last try. */
export function exhaustedData(
  endpointId: string,
  webhookId: string,
  event: string,
  last: { at: number; statusCode: number | null },
): EventData {
  return {
    endpointId,
    msgId: webhookId,
    eventType: event,
    lastAttempt: {
      timestamp: new Date(last.at).toISOString(),
      responseStatusCode: last.statusCode,
    },
  };
}
