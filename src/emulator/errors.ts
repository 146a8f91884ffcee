/**
 * The service's error statuses and their HTTP codes: the canonical gRPC mapping that the
 * real service (a Firebase callable) uses (docs/wire-notes.md, "Transport").
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

export interface ErrorEnvelope {
  error: { status: ErrorStatus; message: string; details?: unknown };
}

/** A failure the emulator answers with the error envelope. */
export class EmulatorError extends Error {
  readonly httpStatus: number;
  readonly details: unknown;
  /** Extra response headers, e.g. `Retry-After` on a rate-limit answer. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly status: ErrorStatus,
    message: string,
    options: {
      details?: unknown;
      headers?: Record<string, string>;
      /** Only where the wire code differs from the status's own (an oversized body is 413). */
      httpStatus?: number;
    } = {},
  ) {
    super(message);
    this.name = 'EmulatorError';
    this.httpStatus = options.httpStatus ?? httpStatusByErrorStatus[status];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  toEnvelope(): ErrorEnvelope {
    return {
      error: {
        status: this.status,
        message: this.message,
        ...(this.details !== undefined && { details: this.details }),
      },
    };
  }
}
