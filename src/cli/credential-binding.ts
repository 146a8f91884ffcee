import { originOf } from '../config/base-url.js';
import type { Profile } from '../config/profiles.js';
import { CredentialsError } from '../errors/errors.js';
import { shellLine } from '../io/shell-words.js';

/**
 * Why a profile's credentials may not go to the session's service, if they may not: a
 * stale SVC_BASE_URL would otherwise hand production tokens to whatever listens there.
 */
export function boundElsewhere(session: {
  profileName: string;
  profile: Profile | undefined;
  baseUrl: string | undefined;
  baseUrlSource: string;
}): CredentialsError | undefined {
  const { profile, profileName: name, baseUrl } = session;
  const holdsCredentials = profile?.workspaceToken || profile?.authToken || profile?.keyring;
  // An invalid URL is refused as such before anything is sent.
  const effective = baseUrl === undefined ? undefined : originOf(baseUrl);
  if (!holdsCredentials || effective === undefined) return undefined;
  const relogin = shellLine([
    'svc',
    'auth',
    'login',
    '--profile',
    name,
    '--base-url',
    effective,
    '--force',
  ]);
  const otherwise =
    session.baseUrlSource === '--base-url' ? 'drop --base-url' : `unset ${session.baseUrlSource}`;
  const hint = [
    `to send them there, store them for it: ${relogin}`,
    `otherwise ${otherwise}, or give that service's credentials in SVC_* variables`,
  ].join('\n');
  const stored = profile.baseUrl === undefined ? undefined : originOf(profile.baseUrl);
  if (stored === undefined) {
    return new CredentialsError(
      `profile "${name}" does not say which service its credentials are for: svc will not send them to ${effective}`,
      { hint },
    );
  }
  if (stored === effective) return undefined;
  return new CredentialsError(
    `the credentials of profile "${name}" were stored for ${stored}, not ${effective} (from ${session.baseUrlSource}): svc will not send them there`,
    { hint },
  );
}
