/** What a call may authenticate with; each level of the spec uses its own pair. */
export interface Credentials {
  workspaceId?: string;
  workspaceToken?: string;
  apiKey?: string;
  authToken?: string;
}

export const credentialEnvVars = {
  workspaceId: 'SVC_WORKSPACE_ID',
  workspaceToken: 'SVC_WORKSPACE_TOKEN',
  apiKey: 'SVC_API_KEY',
  authToken: 'SVC_AUTH_TOKEN',
} as const satisfies Record<keyof Credentials, string>;

/** Highest first: the environment, then the profile. */
export function resolveCredentials(
  env: Readonly<Record<string, string | undefined>>,
  profile: Credentials | undefined,
): Credentials {
  const out: Credentials = {};
  for (const key of Object.keys(credentialEnvVars) as (keyof Credentials)[]) {
    const value = env[credentialEnvVars[key]] || profile?.[key];
    if (value) out[key] = value;
  }
  return out;
}
