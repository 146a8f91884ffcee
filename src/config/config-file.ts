import { ConfigFileError } from '../errors/errors.js';
import { locateJsonError } from '../io/json-syntax.js';
import type { Credentials } from './credentials.js';

export interface Profile extends Credentials {
  /** The service the credentials were stored for: they are sent to no other origin. */
  baseUrl?: string;
  /**
   * The OS keyring entry that holds this profile's tokens, when they are kept there rather
   * than in this file.
   */
  keyring?: string;
  /**
   * `svc workspace create` made this profile: its workspace token is the only copy there is
   * (nothing can issue it again), so removing it is asked about first.
   */
  createdWorkspace?: true;
  /** The deployment's credential header prefix (`x-acme`); absent, the contract's `x-service`. */
  headerPrefix?: string;
}

export interface ConfigShape {
  activeProfile?: string;
  profiles: Record<string, Profile>;
}

/** The file holds tokens that cannot be recovered: a person fixes it, never deletes it. */
const FIX_BY_HAND =
  'edit the file to fix it; it holds stored tokens, so keep it (svc will not rewrite it until it is valid)';

function brokenFile(path: string, problem: string): ConfigFileError {
  return new ConfigFileError(`${path} is not a valid svc config file: ${problem}`, {
    hint: FIX_BY_HAND,
  });
}

/** Where a zod issue's path points, in the terms of the file: a profile and one of its keys. */
function placeOf(path: readonly PropertyKey[]): string {
  const [top, profile, key] = path.map(String);
  if (top === 'profiles' && profile !== undefined) {
    return key === undefined ? `profile "${profile}"` : `key "${key}" of profile "${profile}"`;
  }
  return top === undefined ? 'the top level' : `key "${top}"`;
}

function requirementOf(issue: { code: string; expected?: unknown; message: string }): string {
  if (issue.code === 'too_small') return 'must not be empty';
  if (issue.code !== 'invalid_type') return issue.message;
  const expected = String(issue.expected);
  return `must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`;
}

/**
 * The config as stored in `text`, checked key by key. A syntax error is reported with its
 * line and column, and a value of the wrong type or an unknown key with the profile and
 * key that hold it. zod loads only here, once there is a file to check.
 */
export async function parseConfigFile(path: string, text: string): Promise<ConfigShape> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const at = await locateJsonError(text);
    throw brokenFile(
      path,
      at ? `line ${at.line}, column ${at.column}: ${at.reason}` : (err as Error).message,
    );
  }
  const { configSchema } = await import('./config-schema.js');
  const result = configSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw brokenFile(path, 'unexpected contents');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    throw brokenFile(path, `${placeOf(issue.path)} has unknown key(s) ${keys}`);
  }
  throw brokenFile(path, `${placeOf(issue.path)} ${requirementOf(issue)}`);
}
