import type { EnvelopeKind, Paging } from '../catalogue/types.js';
import { ApiError } from '../errors/errors.js';

/** One result type for the spec's four success shapes. */
export interface ApiResult<T = unknown> {
  data: T;
  /** `status` of the envelope (`success`), when the shape has one. */
  status?: string;
  message?: string;
  /**
   * Of a paged read: the token of the next page, from the member of `result` its paging names
   * (`nextPageToken` or `pageToken`); absent on the last page.
   */
  next?: string;
  httpStatus: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The service's error envelope: `{error: {…}}`. */
export function isErrorEnvelope(body: unknown): boolean {
  return isObject(body) && isObject(body.error);
}

/**
 * The per-item results an `INTERNAL` error carries in `details` for an operation that
 * answers a partial failure so (`itemResultsOnFailure`): each member an item's result with
 * its `success`. Undefined for any other error.
 */
export function itemResultsIn(
  body: unknown,
): { message: string; items: Record<string, unknown> } | undefined {
  if (!isObject(body) || !isObject(body.error) || body.error.status !== 'INTERNAL') return;
  const { details, message } = body.error;
  if (!isObject(details)) return;
  const items = Object.values(details);
  if (
    items.length === 0 ||
    !items.every((item) => isObject(item) && typeof item.success === 'boolean')
  )
    return;
  return { message: typeof message === 'string' ? message : '', items: details };
}

/**
 * The error envelope `{error: {status, message, details?}}` becomes an ApiError; so does any
 * non-2xx answer that is not one (its HTTP status then decides the exit code).
 */
export function errorFromBody(
  httpStatus: number,
  body: unknown,
  rawText: string,
  /** Scrubs secrets from the body before any of it becomes part of a message. */
  redact: (text: string) => string = (text) => text,
): ApiError {
  if (isErrorEnvelope(body)) {
    const e = (body as { error: Record<string, unknown> }).error;
    return new ApiError(
      str(e.status) ?? undefined,
      str(e.message) ?? `request failed with HTTP ${httpStatus}`,
      httpStatus,
      e.details,
      { json: body, text: rawText },
    );
  }
  const snippet = redact(rawText).replace(/\s+/g, ' ').trim().slice(0, 120);
  return new ApiError(
    undefined,
    `unexpected HTTP ${httpStatus} response${snippet ? `: ${snippet}` : ''}`,
    httpStatus,
    undefined,
    { json: body, text: rawText },
  );
}

function unexpected(httpStatus: number, what: string): ApiError {
  return new ApiError(undefined, `unexpected response from the service: ${what}`, httpStatus);
}

/** Decodes a 2xx body according to the operation's envelope kind and paging. */
export function decodeSuccess(
  kind: EnvelopeKind,
  httpStatus: number,
  body: unknown,
  paging?: Paging,
): ApiResult {
  if (!isObject(body)) return fail();
  if (isObject(body.error)) throw errorFromBody(httpStatus, body, '');

  // The deletion call answers at top level; accept the `result` form too, as a newer
  // service may align it with the others.
  const result = isObject(body.result) ? body.result : kind === 'top-level' ? body : undefined;
  if (!result) return fail();

  switch (kind) {
    case 'ai':
      return {
        data: {
          success: result.success === true,
          ...(str(result.text) !== undefined && { text: result.text }),
          ...(str(result.error) !== undefined && { error: result.error }),
        },
        httpStatus,
      };
    case 'no-data':
      return {
        data: undefined,
        status: str(result.status),
        message: str(result.message),
        httpStatus,
      };
    default: {
      const next = paging && str(result[paging.next]);
      return {
        data: result.data === undefined ? null : result.data,
        status: str(result.status),
        message: str(result.message),
        ...(next ? { next } : {}),
        httpStatus,
      };
    }
  }

  function fail(): never {
    throw unexpected(httpStatus, 'the body is not the documented JSON envelope');
  }
}
