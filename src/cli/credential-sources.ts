import { credentialEnvVars, type Credentials } from '../config/credentials.js';
import type { Env } from './deps.js';

const labels: Record<keyof Credentials, string> = {
  workspaceId: 'workspace id',
  workspaceToken: 'workspace token',
  apiKey: 'API key',
  authToken: 'auth token',
};

/**
 * The one line that says credentials were taken from two places, or undefined when they all
 * came from one. A half-loaded environment (a variable set but not exported, a token left
 * over from another shell) otherwise sends a mix that no one chose, and fails, or worse
 * succeeds, without a word.
 */
export function mixedCredentialsLine(
  env: Env,
  used: Credentials,
  profileName: string,
): string | undefined {
  const fromEnv: string[] = [];
  const fromProfile: string[] = [];
  for (const key of Object.keys(credentialEnvVars) as (keyof Credentials)[]) {
    if (!used[key]) continue;
    if (env[credentialEnvVars[key]]) fromEnv.push(credentialEnvVars[key]);
    else fromProfile.push(labels[key]);
  }
  if (fromEnv.length === 0 || fromProfile.length === 0) return undefined;
  return `credentials from two places: ${fromEnv.join(', ')} from the environment; the ${fromProfile.join(', ')} from profile "${profileName}"`;
}
