import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { keyringAddonPath } from './keyring-addon.js';
const { existsSync } = process.getBuiltinModule('node:fs');

/** The tokens of one profile; the identifiers beside them stay in the config file. */
export interface ProfileSecrets {
  workspaceToken?: string;
  authToken?: string;
}

/** The keyring could not be used here; the message says why in a few words. */
export class KeyringUnavailable extends Error {}

/**
 * How long one keyring call may take. A Secret Service that is there answers in
 * milliseconds; a bus that never answers, or an unlock prompt no one will see, must not
 * hold a command, or a script, for longer than this.
 */
const TIME_LIMIT_MS = 3_000;

type Request =
  | { op: 'read'; account: string }
  | { op: 'write'; account: string; secret: string }
  | { op: 'remove'; account: string };

/**
 * The helper process's program. The addon talks to D-Bus on the thread that calls it, and
 * a bus that never answers would block svc's own thread where no timer can fire and no
 * signal be handled: in a process of its own it is killed when its time is up. The request
 * (and so any token) travels on stdin, never on argv.
 */
const HELPER = `
const { Entry } = require(process.argv[1]);
let input = '';
process.stdin.setEncoding('utf8').on('data', (d) => (input += d)).on('end', () => {
  let answer;
  try {
    const { op, account, secret } = JSON.parse(input);
    // Pinned to the Secret Service on Linux: the fallback, the kernel keyring, forgets
    // everything at logout or reboot.
    const entry = new Entry('svc', account, { linux: { store: 'secret-service' } });
    if (op === 'read') answer = { ok: true, value: entry.getPassword() ?? null };
    else if (op === 'write') answer = (entry.setPassword(secret), { ok: true });
    else answer = (entry.deleteCredential(), { ok: true });
  } catch (err) {
    answer = { ok: false, error: String((err && err.message) || err).split('\\n')[0] };
  }
  process.stdout.write(JSON.stringify(answer));
});
`;

/**
 * The OS credential store (macOS Keychain, Windows Credential Manager, the Secret Service
 * on Linux desktops), through @napi-rs/keyring, used only when a profile's tokens are read
 * or written there. Each profile's tokens are one entry of the service "svc", under an
 * account id that the config file records, so that two config directories never share one.
 */
export class Keyring {
  constructor(private readonly env: Readonly<Record<string, string | undefined>>) {}

  async read(account: string): Promise<ProfileSecrets | undefined> {
    const text = await this.call({ op: 'read', account });
    if (typeof text !== 'string') return undefined;
    let value: ProfileSecrets;
    try {
      value = JSON.parse(text) as ProfileSecrets;
    } catch {
      throw new KeyringUnavailable(`its entry ${account} does not hold svc's tokens`);
    }
    return {
      ...(typeof value.workspaceToken === 'string' && { workspaceToken: value.workspaceToken }),
      ...(typeof value.authToken === 'string' && { authToken: value.authToken }),
    };
  }

  async write(account: string, secrets: ProfileSecrets): Promise<void> {
    await this.call({ op: 'write', account, secret: JSON.stringify(secrets) });
  }

  async remove(account: string): Promise<void> {
    await this.call({ op: 'remove', account });
  }

  private async call(request: Request): Promise<unknown> {
    const missing = this.missingBus();
    if (missing) throw new KeyringUnavailable(missing);
    let addon: string;
    try {
      addon = keyringAddonPath();
    } catch (err) {
      throw new KeyringUnavailable(`its library is not installed: ${(err as Error).message}`);
    }
    const answer = await runHelper(addon, request, this.env);
    if (!answer.ok) throw new KeyringUnavailable(answer.error ?? 'it failed');
    return answer.value;
  }

  /**
   * Why the Secret Service cannot be reached on Linux, if it surely cannot: with no session
   * bus (a container, CI, ssh) there is nothing to ask, and asking would only cost time.
   */
  private missingBus(): string | undefined {
    if (process.platform !== 'linux') return undefined;
    if (this.env.DBUS_SESSION_BUS_ADDRESS) return undefined;
    const runtime = this.env.XDG_RUNTIME_DIR;
    if (runtime && existsSync(join(runtime, 'bus'))) return undefined;
    return 'no D-Bus session bus';
  }
}

interface Answer {
  ok: boolean;
  value?: unknown;
  error?: string;
}

function runHelper(
  addon: string,
  request: Request,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', HELPER, addon], {
      // What reaches the keyring (the session bus, the home), without svc's own variables,
      // some of which are tokens.
      env: Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('SVC_'))),
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new KeyringUnavailable(`it did not answer within ${TIME_LIMIT_MS / 1000}s`));
    }, TIME_LIMIT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new KeyringUnavailable(err.message));
    });
    child.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(out) as Answer);
      } catch {
        reject(new KeyringUnavailable('its helper process gave no answer'));
      }
    });
    // The helper may be gone before it reads: that is reported by 'close' above.
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(request));
  });
}
