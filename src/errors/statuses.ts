/**
 * The service's error statuses and their HTTP codes: the canonical gRPC mapping that the
 * real service (a Firebase callable) uses (docs/wire-notes.md, "Transport"). A status not
 * named here is not one the contract knows.
 */
export const httpStatusByErrorStatus = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNKNOWN: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;

export type ErrorStatus = keyof typeof httpStatusByErrorStatus;

/** Whether `status` is one of the contract's error statuses, exactly as spelled there. */
export function isKnownStatus(status: unknown): status is ErrorStatus {
  return typeof status === 'string' && Object.hasOwn(httpStatusByErrorStatus, status);
}
