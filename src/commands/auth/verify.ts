import { operation } from '../../catalogue/operations.js';
import type { Credentials } from '../../config/credentials.js';
import {
  ApiError,
  ConnectError,
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
  | { verdict: 'unchecked'; reason: string; temporary: boolean; unreachable?: ConnectError };

const REJECTED = new Set(['UNAUTHENTICATED', 'PERMISSION_DENIED']);
const TEMPORARY = new Set(['UNAVAILABLE', 'RESOURCE_EXHAUSTED', 'DEADLINE_EXCEEDED']);

/**
 * Runs one authenticated read and judges the answer. Only an answer of success is `valid`:
 * a NOT_FOUND in the service's own envelope says the credentials name something the
 * service does not know (an unknown workspace), so they are rejected there. A probe that
 * has no id of the user's to ask about (`notFound: 'unchecked'`) cannot tell that from the
 * id it made up, and says so.
 */
async function judge(
  probe: () => Promise<unknown>,
  notFound: 'rejected' | { unchecked: string } = 'rejected',
): Promise<Verdict> {
  try {
    await probe();
    return { verdict: 'valid' };
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined) {
      const reason = `${err.status}: ${err.message}`;
      if (err.status === 'NOT_FOUND' && notFound !== 'rejected') {
        return {
          verdict: 'unchecked',
          reason: `${reason} ${notFound.unchecked}`,
          temporary: false,
        };
      }
      if (REJECTED.has(err.status) || err.status === 'NOT_FOUND')
        return { verdict: 'rejected', reason };
      const temporary = TEMPORARY.has(err.status) || err.httpStatus >= 500;
      return { verdict: 'unchecked', reason, temporary };
    }
    if (err instanceof ForeignAnswerError) {
      return {
        verdict: 'unchecked',
        reason: `${err.message}; check --base-url or SVC_BASE_URL`,
        temporary: false,
      };
    }
    if (err instanceof ConnectError)
      return { verdict: 'unchecked', reason: err.message, temporary: true, unreachable: err };
    if (err instanceof TransientError || err instanceof TimeoutError) {
      return { verdict: 'unchecked', reason: err.message, temporary: true };
    }
    throw err;
  }
}

/**
 * The workspace pair, by listing the tokens of the credentials' API key (spec op 2). With
 * no API key there is no id whose answer could be a success, so a NOT_FOUND proves nothing.
 */
export function verifyWorkspacePair(
  client: HttpClient,
  credentials: Credentials,
  retries?: number,
): Promise<Verdict> {
  const probe = () =>
    client.call(
      operation('workspace.authTokens'),
      { apiKey: credentials.apiKey ?? 'svc-auth-status' },
      { credentials, ...(retries !== undefined && { retries }) },
    );
  if (credentials.apiKey) return judge(probe);
  return judge(probe, {
    unchecked:
      '(with no API key to look up, an unknown workspace and a known one answer alike; give the API key in SVC_API_KEY to check them)',
  });
}

/** The API key pair, by a lookup that changes nothing (spec op 9). */
export function verifyKeyPair(
  client: HttpClient,
  credentials: Credentials,
  retries?: number,
): Promise<Verdict> {
  return judge(() =>
    client.call(
      operation('documents.get'),
      { organizationId: 'svc-auth-status' },
      { credentials, ...(retries !== undefined && { retries }) },
    ),
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
