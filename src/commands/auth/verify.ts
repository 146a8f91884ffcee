import { operation } from '../../catalogue/operations.js';
import type { Credentials } from '../../config/credentials.js';
import {
  ApiError,
  CredentialsError,
  ForeignAnswerError,
  SvcError,
  TimeoutError,
  TransientError,
} from '../../errors/errors.js';
import type { HttpClient } from '../../http/client.js';

/**
 * What the service said of a pair of credentials. `valid` only when it answered an
 * authenticated call as the service does; `unchecked` when no such answer came, with the
 * exit code for why (temporary, or not the service at all).
 */
export type Verdict =
  | { verdict: 'valid' }
  | { verdict: 'rejected'; reason: string }
  | { verdict: 'unchecked'; reason: string; temporary: boolean };

const REJECTED = new Set(['UNAUTHENTICATED', 'PERMISSION_DENIED']);
const TEMPORARY = new Set(['UNAVAILABLE', 'RESOURCE_EXHAUSTED', 'DEADLINE_EXCEEDED']);

/**
 * Runs one authenticated read and judges the answer. A NOT_FOUND in the service's own
 * envelope counts as accepted: the service checks the credentials before it looks for
 * what was asked. Anything that is not the envelope proves nothing.
 */
async function judge(probe: () => Promise<unknown>): Promise<Verdict> {
  try {
    await probe();
    return { verdict: 'valid' };
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined) {
      if (err.status === 'NOT_FOUND') return { verdict: 'valid' };
      if (REJECTED.has(err.status))
        return { verdict: 'rejected', reason: `${err.status}: ${err.message}` };
      const temporary = TEMPORARY.has(err.status) || err.httpStatus >= 500;
      return {
        verdict: 'unchecked',
        reason: `${err.status}: ${err.message}`,
        temporary,
      };
    }
    if (err instanceof ForeignAnswerError) {
      return {
        verdict: 'unchecked',
        reason: `${err.message}; check --base-url or SVC_BASE_URL`,
        temporary: false,
      };
    }
    if (err instanceof TransientError || err instanceof TimeoutError) {
      return { verdict: 'unchecked', reason: err.message, temporary: true };
    }
    throw err;
  }
}

/** The workspace pair, by listing the tokens of an API key (spec op 2). */
export function verifyWorkspacePair(
  client: HttpClient,
  credentials: Credentials,
): Promise<Verdict> {
  // Op 2 needs some key id; an unknown one still proves the workspace pair by its NOT_FOUND.
  return judge(() =>
    client.call(
      operation('workspace.authTokens'),
      { apiKey: credentials.apiKey ?? 'svc-auth-status' },
      { credentials },
    ),
  );
}

/** The API key pair, by a lookup that changes nothing (spec op 9). */
export function verifyKeyPair(client: HttpClient, credentials: Credentials): Promise<Verdict> {
  return judge(() =>
    client.call(operation('documents.get'), { organizationId: 'svc-auth-status' }, { credentials }),
  );
}

/** A check that got no answer from the service, for a reason that is not temporary. */
export class UncheckedError extends SvcError {}

/** The error a command ends with for a verdict other than `valid`: exit 3, 75 or 1. */
export function verdictError(what: string, v: Exclude<Verdict, { verdict: 'valid' }>): SvcError {
  if (v.verdict === 'rejected') {
    return new CredentialsError(`the service rejected the ${what}: ${v.reason}`);
  }
  const message = `could not check the ${what}: ${v.reason}`;
  return v.temporary ? new TransientError(message) : new UncheckedError(message);
}
