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
