import { UsageError } from '../errors/errors.js';

/**
 * The names of the credential headers. The contract writes them with the neutral prefix
 * `x-service`; a deployment names them with its own (`x-acme-api-key`), which a profile,
 * `--header-prefix` or `SVC_HEADER_PREFIX` gives, and the emulator can be started with.
 */
export const DEFAULT_HEADER_PREFIX = 'x-service';

export interface CredentialHeaders {
  workspaceId: string;
  apiKey: string;
  authToken: string;
  /** What the workspace-level pages call the auth token header; the same token. */
  workspaceAuthToken: string;
}

export function credentialHeaders(prefix = DEFAULT_HEADER_PREFIX): CredentialHeaders {
  return {
    workspaceId: `${prefix}-workspace-id`,
    apiKey: `${prefix}-api-key`,
    authToken: `${prefix}-auth-token`,
    workspaceAuthToken: `${prefix}-workspace-auth-token`,
  };
}

/** Lower-case words of letters and digits joined by single hyphens, as header names are. */
export const HEADER_PREFIX_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const HEADER_PREFIX_MOST = 40;

/**
 * A header prefix given by `source` (`--header-prefix`, `profile "x"`), checked, in lower
 * case: header names are the same in any case.
 */
export function checkHeaderPrefix(text: string, source: string): string {
  const prefix = text.toLowerCase();
  if (!HEADER_PREFIX_PATTERN.test(prefix) || prefix.length > HEADER_PREFIX_MOST) {
    throw new UsageError(
      `${source}: ${JSON.stringify(text)} is not a header prefix: lower-case letters and digits in words joined by single hyphens, at most ${HEADER_PREFIX_MOST} characters`,
      {
        hint: `the default is ${DEFAULT_HEADER_PREFIX}, which makes ${DEFAULT_HEADER_PREFIX}-api-key`,
      },
    );
  }
  return prefix;
}

/** A header prefix and where it came from, in the user's terms. */
export interface HeaderPrefix {
  prefix: string;
  source: string;
}

/** The prefix given for this run, on the command line or in the environment. */
export function explicitHeaderPrefix(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): HeaderPrefix | undefined {
  if (flag) return { prefix: flag, source: '--header-prefix' };
  const fromEnv = env.SVC_HEADER_PREFIX;
  if (fromEnv)
    return { prefix: checkHeaderPrefix(fromEnv, 'SVC_HEADER_PREFIX'), source: 'SVC_HEADER_PREFIX' };
  return undefined;
}

/**
 * The one precedence of the header prefix, as of the service URL: --header-prefix, then
 * SVC_HEADER_PREFIX, then the profile in use, then the contract's `x-service`.
 */
export function headerPrefixOf(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  profile: { name: string; headerPrefix?: string | undefined } | undefined,
): HeaderPrefix {
  return (
    explicitHeaderPrefix(flag, env) ??
    (profile?.headerPrefix
      ? { prefix: profile.headerPrefix, source: `profile "${profile.name}"` }
      : { prefix: DEFAULT_HEADER_PREFIX, source: 'the default' })
  );
}

/** A prefix to store or pass on: none for the contract's own, which goes without saying. */
export function ownPrefix(prefix: string | undefined): string | undefined {
  return prefix === DEFAULT_HEADER_PREFIX ? undefined : prefix;
}
