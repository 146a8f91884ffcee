import { ForeignAnswerError } from '../errors/errors.js';

/**
 * Statuses a proxy or gateway in front of the service answers with its own page, which
 * say "later", not "wrong place": they stay temporary (exit 75) and are retried.
 */
const GATEWAY_STATUSES = new Set([429, 502, 503, 504]);

export function isGatewayStatus(httpStatus: number): boolean {
  return GATEWAY_STATUSES.has(httpStatus);
}

/**
 * An answer that is not the service's JSON envelope: what came back, and where to look,
 * since a wrong base URL is by far the likeliest cause.
 */
export function foreignAnswer(
  baseUrl: string,
  httpStatus: number,
  contentType: string | undefined,
): ForeignAnswerError {
  const type = contentType?.split(';')[0]?.trim() || 'no content type';
  return new ForeignAnswerError(
    `the server at ${baseUrl} did not answer as the service does (HTTP ${httpStatus}, ${type})`,
    { hint: 'check --base-url or SVC_BASE_URL, and the base URL stored in the profile' },
  );
}
