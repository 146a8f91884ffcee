import { serviceUrl } from '../config/base-url.js';
import { headerPrefixOf } from '../config/header-prefix.js';
import { resolveCredentials, type Credentials } from '../config/credentials.js';
import {
  unknownProfile,
  type Profile,
  type ProfileStore,
  type SecretStore,
} from '../config/profiles.js';
import type { CredentialsError } from '../errors/errors.js';
import type { Redactor } from '../http/redact.js';
import { boundElsewhere } from './credential-binding.js';
import type { Env } from './deps.js';

export interface Session {
  profileName: string;
  profile: Profile | undefined;
  baseUrl: string | undefined;
  /** Where the base URL came from, in the user's terms. */
  baseUrlSource: string;
  credentials: Credentials;
  /** The credential headers' prefix: --header-prefix, SVC_HEADER_PREFIX, the profile's, or x-service. */
  headerPrefix: string;
  /** Where the profile's tokens are kept, when they were read. */
  secretsIn?: SecretStore;
  /** Why the profile's tokens are not used: they were stored for another service. */
  unbound?: CredentialsError;
}

/** What a run was given that chooses its profile and service. */
export interface SessionRequest {
  /** --profile */
  profileFlag: string | undefined;
  /** --base-url */
  baseUrlFlag: string | undefined;
  /** --header-prefix */
  headerPrefixFlag?: string | undefined;
  env: Env;
}

/** The profile named by --profile or SVC_PROFILE, if either is set. */
export function requestedProfile(request: SessionRequest): string | undefined {
  return request.profileFlag || request.env.SVC_PROFILE || undefined;
}

/** Where the requested profile's name came from, for messages about it. */
export function requestedProfileSource(request: SessionRequest): '--profile' | 'SVC_PROFILE' {
  return request.profileFlag ? '--profile' : 'SVC_PROFILE';
}

/**
 * The profile and credentials a run uses: flags, then environment, then profile. A profile
 * asked for by name must exist. The tokens found are added to the redactor.
 */
export async function resolveSession(
  store: ProfileStore,
  request: SessionRequest,
  redactor: Redactor,
): Promise<Session> {
  const { env } = request;
  const requested = requestedProfile(request);
  if (requested !== undefined && !store.get(requested)) {
    throw unknownProfile(
      requested,
      store.list().map(([name]) => name),
      requestedProfileSource(request),
    );
  }
  const profileName = store.selectedName(requested);
  const stored = store.get(profileName);
  const { baseUrl, source: baseUrlSource } = serviceUrl(request.baseUrlFlag, env, {
    name: profileName,
    baseUrl: stored?.baseUrl,
  });
  // A profile's credentials go only to the service they were stored for; elsewhere only
  // the environment's are used.
  const unbound = boundElsewhere({ profileName, profile: stored, baseUrl, baseUrlSource });
  // Its ids name what to act on; its tokens stay home, and are not even read.
  const resolved =
    unbound || envHoldsEveryToken(env) ? undefined : await store.resolve(profileName);
  const profile = resolved?.profile ?? stored;
  const usable = unbound ? { apiKey: stored?.apiKey, workspaceId: stored?.workspaceId } : profile;
  const credentials = resolveCredentials(env, usable);
  redactor.add(credentials.authToken, credentials.workspaceToken);
  return {
    profileName,
    profile,
    baseUrl,
    baseUrlSource,
    credentials,
    headerPrefix: headerPrefixOf(request.headerPrefixFlag, env, {
      name: profileName,
      headerPrefix: stored?.headerPrefix,
    }).prefix,
    ...(resolved && { secretsIn: resolved.secretsIn }),
    ...(unbound && { unbound }),
  };
}

/** Both tokens come from the environment, which no profile's can override. */
function envHoldsEveryToken(env: Env): boolean {
  return Boolean(env.SVC_WORKSPACE_TOKEN && env.SVC_AUTH_TOKEN);
}
