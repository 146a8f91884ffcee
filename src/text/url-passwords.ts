/**
 * A URL may carry a password (`http://bob:hunter2@hooks.example.com/in`): a webhook
 * receiver's Basic credentials, which the emulator still sends as `Authorization`. Wherever
 * such a URL is shown (listings, the deliveries route, the UI, an agent's results, traces),
 * the password is masked and the user name kept, so a person can tell which credentials are
 * set without seeing them.
 */

// scheme://user:password@ — the password being anything up to the `@` that ends the
// authority (no `/`, `?`, `#`, whitespace or quote before it).
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'<>]*):[^\s/?#@"'<>]+@/gi;

/** `text` with the password of every URL in it shown as `****`. */
export function maskUrlPasswords(text: string): string {
  return text.replace(URL_PASSWORD, '$1:****@');
}

/** A deep copy of a JSON value with every string's URL passwords masked. */
export function maskUrlPasswordsIn(value: unknown): unknown {
  if (typeof value === 'string') return maskUrlPasswords(value);
  if (Array.isArray(value)) return value.map(maskUrlPasswordsIn);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, maskUrlPasswordsIn(member)]),
    );
  }
  return value;
}
