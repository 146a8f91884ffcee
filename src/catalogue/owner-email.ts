import MailChecker from 'mailchecker';

/**
 * The service's rule for a workspace owner's email (spec op 1): a well-formed address
 * outside the disposable domains. The emulator applies it, and the guided create checks
 * it as the address is typed.
 */
export function isAcceptedOwnerEmail(email: string): boolean {
  return MailChecker.isValid(email);
}
