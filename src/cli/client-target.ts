import { checkBaseUrl } from '../config/base-url.js';
import type { Credentials } from '../config/credentials.js';
import { UsageError, type CredentialsError } from '../errors/errors.js';
import type { Session } from './session.js';

/** A service to talk to other than the session's, with its own credentials. */
export interface ClientTarget {
  baseUrl: string | undefined;
  /** Where the base URL came from, in the user's terms. */
  source: string;
  credentials: Credentials;
  /** The credential headers' prefix; absent, the one given for this run, else x-service. */
  headerPrefix?: string;
}

/** Where a client goes and with what, checked; `withheld` says why it may send no credentials. */
export interface CheckedTarget {
  baseUrl: string;
  credentials: Credentials;
  headerPrefix: string;
  withheld?: CredentialsError;
}

/**
 * The base URL and credentials a client gets, checked, and why the stored credentials are
 * withheld when they belong to another service and the environment holds no tokens
 * instead. A client made so refuses every call that needs credentials with that reason.
 */
export function checkedTarget(
  from: { session: Session } | { over: ClientTarget; headerPrefix: string },
): CheckedTarget {
  const session = 'session' in from ? from.session : undefined;
  const over = 'over' in from ? from.over : undefined;
  const baseUrl = over ? over.baseUrl : session?.baseUrl;
  if (!baseUrl) {
    throw new UsageError('no service URL is set', {
      hint: 'pass --base-url, set SVC_BASE_URL, or store one with `svc auth login --base-url URL`',
    });
  }
  checkBaseUrl(baseUrl, over ? over.source : (session?.baseUrlSource ?? ''));
  // With no credentials of the environment's to use instead, say why the profile's are not.
  const withheld =
    session?.unbound && !session.credentials.authToken && !session.credentials.workspaceToken
      ? session.unbound
      : undefined;
  const credentials = over?.credentials ?? session?.credentials ?? {};
  const headerPrefix =
    'over' in from ? (from.over.headerPrefix ?? from.headerPrefix) : from.session.headerPrefix;
  return { baseUrl, credentials, headerPrefix, ...(withheld && { withheld }) };
}
