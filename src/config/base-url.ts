import { UsageError } from '../errors/errors.js';

/** `url` with any user name and password shown as `***`, for display. */
export function maskUserinfo(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '***';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//***@');
  }
}

/**
 * A service URL svc may use. One with a user name or password is refused: it would be
 * stored, traced and shown with the secret in it, and the service does not take
 * credentials that way.
 */
export function checkBaseUrl(text: string, source: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`invalid service URL in ${source}: ${maskUserinfo(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `the service URL in ${source} must be http or https: ${maskUserinfo(text)}`,
    );
  }
  if (url.username || url.password) {
    throw new UsageError(
      `the service URL in ${source} holds a user name or password: ${maskUserinfo(text)}`,
      {
        hint: 'remove the "user:password@" part; svc authenticates with the profile or SVC_* credentials',
      },
    );
  }
  return text;
}

/** The scheme, host and port of a service URL, to which stored credentials are bound. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** A service URL and where it came from, in the user's terms (`--base-url`, `profile "x"`). */
export interface ServiceUrl {
  baseUrl: string | undefined;
  source: string;
}

/** The URL given for this run, on the command line or in the environment; no profile read. */
export function explicitBaseUrl(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): ServiceUrl | undefined {
  if (flag) return { baseUrl: flag, source: '--base-url' };
  if (env.SVC_BASE_URL) return { baseUrl: env.SVC_BASE_URL, source: 'SVC_BASE_URL' };
  return undefined;
}

/**
 * The one precedence of the service URL: --base-url, then SVC_BASE_URL, then the profile in
 * use (the one asked for, else the active one, else `default`: `ProfileStore.selectedName`).
 * Every command that talks to a service or stores one for a profile takes its URL from here.
 */
export function serviceUrl(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  profile: { name: string; baseUrl?: string | undefined },
): ServiceUrl {
  return (
    explicitBaseUrl(flag, env) ?? { baseUrl: profile.baseUrl, source: `profile "${profile.name}"` }
  );
}
