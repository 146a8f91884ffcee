import type MailCheckerModule from 'mailchecker';

/**
 * Whether the address's domain, or a domain it is under, is on mailchecker's list of
 * disposable domains: a set lookup per label, so its cost follows the address's length.
 * `MailChecker.isValid` is not used: its syntax regex takes exponential time on some
 * addresses (`a@` + `a.` × 27 + `b-.com` takes seconds), and the syntax is checked before.
 */
/**
 * Names reserved for documentation and tests (RFC 2606, RFC 6761), which no mail provider
 * can hold: answered without the list, so that seeding `owner@example.com`, as tests and the
 * emulator's default workspace do, does not load it. A unit test holds that the list names
 * none of them, so this changes no answer.
 */
export const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/;

function isDisposableDomain(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (RESERVED_DOMAIN.test(domain)) return false;
  // Taken at the first check, not as this module loads: evaluating its list of some 50,000
  // domains takes about 30 ms, which every emulator start paid. The bundler keeps a
  // require() of a bundled package where it is written, and runs the package there.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const MailChecker = require('mailchecker') as typeof MailCheckerModule;
  const disposable = MailChecker.blacklist();
  const labels = domain.split('.');
  for (let i = 0; i < labels.length; i++) {
    if (disposable.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

/**
 * The service's rule for a workspace owner's email (spec op 1): outside the disposable
 * domains. Callers check first that it is a well-formed address (the catalogue's schema,
 * the guided create's pattern). The emulator applies it, and the guided create checks it
 * as the address is typed.
 */
export function isAcceptedOwnerEmail(email: string): boolean {
  return !isDisposableDomain(email);
}
