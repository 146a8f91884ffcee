import { describeJsonExcess, findJsonExcess } from '../catalogue/limits.js';
import type { EnvelopeKind, Paging } from '../catalogue/types.js';
import { EmulatorError } from './errors.js';
import type { ErasedReply } from './handlers/types.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The request body's `data`, when the body is exactly `{"data": {...}}` (docs/wire-notes.md) and
 * within the request limits (catalogue/limits.ts). Every API body is decoded here, so no
 * handler sees nesting, strings or arrays past those limits.
 */
export function unwrapRequest(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    // V8 parses iteratively: however deep the text nests, this cannot exhaust the stack.
    body = JSON.parse(text);
  } catch {
    throw new EmulatorError('INVALID_ARGUMENT', 'Request body is not valid JSON.');
  }
  const excess = findJsonExcess(body);
  if (excess) {
    throw new EmulatorError('INVALID_ARGUMENT', `Invalid request: ${describeJsonExcess(excess)}`);
  }
  if (!isPlainObject(body)) {
    throw new EmulatorError('INVALID_ARGUMENT', 'Request body must be a JSON object.');
  }
  const extra = Object.keys(body).filter((key) => key !== 'data');
  if (extra.length > 0) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Request body has unexpected top-level members: ${extra.join(', ')}; only "data" is allowed.`,
    );
  }
  if (!isPlainObject(body.data)) {
    throw new EmulatorError('INVALID_ARGUMENT', 'Request body must have a "data" object.');
  }
  return body.data;
}

/** A handler's reply in its operation's success envelope (spec, "Common shapes"). */
export function successEnvelope(kind: EnvelopeKind, reply: ErasedReply, paging?: Paging): unknown {
  switch (kind) {
    case 'standard':
      return {
        result: {
          status: 'success',
          message: reply.message,
          data: reply.data,
          ...(paging && reply.next !== undefined && { [paging.next]: reply.next }),
        },
      };
    case 'no-data':
      return { result: { status: 'success', message: reply.message } };
    case 'ai':
      return { result: reply.data };
    case 'top-level':
      return { status: 'success', message: reply.message, data: reply.data, statusCode: 202 };
  }
}
