/**
 * The emulator's admin token, when it asks for one. The link `svc emulator start` prints
 * carries it after `#token=`: a fragment never reaches a server or its logs. It is kept for
 * this tab only, in sessionStorage (this emulator's origin), and taken out of the address bar
 * so that it stays out of history and of addresses copied from there.
 */
const KEY = 'svc-emulator-admin-token';

function takeFromLink(): string | undefined {
  const given = /^#token=(.+)$/.exec(location.hash)?.[1];
  if (given !== undefined) {
    history.replaceState(history.state, '', location.pathname + location.search);
    try {
      sessionStorage.setItem(KEY, decodeURIComponent(given));
    } catch {
      // A malformed link: the calls go without a token and say what they need.
    }
  }
  return sessionStorage.getItem(KEY) ?? undefined;
}

const token = takeFromLink();

/** The header that carries the token on the page's calls; none without a token. */
export function adminHeaders(): Record<string, string> {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

/** What a call refused for want of the token says to the person. */
export const NEEDS_TOKEN =
  'This emulator asks for its admin token: open the UI by the link svc emulator start printed, which ends in #token=…';
