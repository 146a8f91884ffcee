import { homedir } from 'node:os';
import { join } from 'node:path';
import { checkPrivateDir } from './private-dir.js';

/**
 * Where svc keeps what it writes for itself rather than for the user to edit (bulk
 * journals): SVC_CONFIG_DIR when it is set, so that one variable keeps a test's or a CI
 * job's files together, and otherwise the platform's directory for such state.
 */
export function stateDir(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.SVC_CONFIG_DIR) return env.SVC_CONFIG_DIR;
  if (platform === 'win32') {
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'svc', 'State');
  }
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'svc');
  return join(env.XDG_STATE_HOME || join(home, '.local', 'state'), 'svc');
}

/** The state directory, once checked to be this user's alone (see checkPrivateDir). */
export function privateStateDir(
  env: Readonly<Record<string, string | undefined>>,
  warn: (message: string) => void,
): string {
  const dir = stateDir(env);
  checkPrivateDir(dir, warn);
  return dir;
}
