import { httpStatusByErrorStatus, type ErrorStatus } from '../errors/statuses.js';

// The statuses are the contract's, shared with the CLI and svc mcp.
export { httpStatusByErrorStatus, type ErrorStatus };

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
