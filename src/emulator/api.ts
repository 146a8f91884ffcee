import type { CredentialHeaders } from '../config/header-prefix.js';
import type { IncomingMessage } from 'node:http';
import type { Operations } from '../catalogue/operations.js';
import type { AuthLevel, Operation } from '../catalogue/types.js';
import { authenticate } from './auth.js';
import { successEnvelope, unwrapRequest } from './envelope.js';
import { EmulatorError } from './errors.js';
import type { ErasedHandler, HandlerTable } from './handlers/types.js';
import { type Answer, clientIp, readBody } from './http.js';
import type { Store } from './store/store.js';
import { validateData } from './validation.js';

type CatalogueOperation = Operations[number];

/** What the journal learns about a request while it is answered. */
export interface RequestNote {
  operation?: string;
  workspaceId?: string;
  items?: number;
  /** For the web UI's requests view: the body as sent, and the credentials it needed. */
  requestBody?: string;
  auth?: AuthLevel;
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * One API call, checked in this order: method, content type, body size,
 * envelope, credentials, `data` against the catalogue's schema, then the handler.
 */
export async function answerApi(
  op: CatalogueOperation,
  req: IncomingMessage,
  deps: { store: Store; handlers: HandlerTable; headerNames: CredentialHeaders },
  note: RequestNote,
): Promise<Answer> {
  note.operation = op.name;
  note.auth = op.auth;
  if (req.method !== 'POST') {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Request has invalid method ${req.method ?? ''}; ${op.path} accepts POST only.`,
      { headers: { allow: 'POST' } },
    );
  }
  if (!isJson(req.headers['content-type'])) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      'Request has incorrect Content-Type; use application/json.',
    );
  }
  note.requestBody = (await readBody(req)).toString('utf8');
  const rawData = unwrapRequest(note.requestBody);
  const auth = authenticate(op.auth, req.headers, deps.store, deps.headerNames);
  if (auth) note.workspaceId = auth.workspace.id;
  const data = validateData(op.request, rawData);
  const { bulk } = op as Operation;
  const items = bulk && (data as Record<string, unknown>)[bulk.itemsField];
  if (Array.isArray(items)) note.items = items.length;

  // The table is keyed by operation name, so this handler was written for `op`, and `data`
  // has just passed `op.request`: the catalogue's typing can be set aside here.
  const handler = deps.handlers[op.name] as ErasedHandler;
  // A key-level caller sees the data of its own workspace and API key only.
  const scope =
    auth && 'apiKey' in auth
      ? { workspaceId: auth.workspace.id, apiKeyId: auth.apiKey.id }
      : undefined;
  const reply = await handler(data, { auth, scope, clientIp: clientIp(req) });
  if (reply.workspaceId !== undefined) note.workspaceId ??= reply.workspaceId;
  return { status: op.successStatus, json: successEnvelope(op.envelope, reply, op.paging) };
}
