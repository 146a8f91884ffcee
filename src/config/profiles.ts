import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type Conf from 'conf';
import { ConfigFileError } from '../errors/errors.js';
import type { Credentials } from './credentials.js';

export interface Profile extends Credentials {
  baseUrl?: string;
}

interface ConfigShape {
  activeProfile?: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function isValidProfileName(name: string): boolean {
  return PROFILE_NAME.test(name);
}

/** How long a writer waits for another svc's write to finish; each holds the lock briefly. */
const LOCK_RETRIES = { retries: 100, minTimeout: 5, maxTimeout: 50, factor: 1.3 };
/** A lock older than this was left by a process that died while writing. */
const LOCK_STALE_MS = 10_000;

const empty = (): ConfigShape => ({ profiles: {} });

/**
 * Named profiles in one config file. The file holds tokens, so it is created mode 0600 in
 * a directory of mode 0700.
 *
 * Reads are a plain JSON read of the file, afresh on every access: almost every command
 * reads a profile and few write one, and conf (with the schema validator it loads) costs a
 * command's start-up more than the whole read. Writes go through conf, which writes
 * atomically (a temporary file renamed into place), and each holds a lock file for its
 * read-modify-write, so that svc processes writing at once never drop each other's changes.
 */
export class ProfileStore {
  private constructor(
    /** The config file. */
    readonly path: string,
  ) {}

  /** The store in `dir` (SVC_CONFIG_DIR), else in the platform's config directory. */
  static async open(dir: string | undefined): Promise<ProfileStore> {
    const { default: envPaths } = await import('env-paths');
    // The same place conf itself would choose, so that both always mean one file.
    const base = dir ?? envPaths('svc', { suffix: '' }).config;
    return new ProfileStore(join(base, 'config.json'));
  }

  /** The profile named by the caller, else the active one, else `default`. */
  selectedName(requested: string | undefined): string {
    return requested || this.read().activeProfile || DEFAULT_PROFILE;
  }

  activeName(): string | undefined {
    return this.read().activeProfile;
  }

  get(name: string): Profile | undefined {
    const profiles = this.read().profiles;
    return Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  }

  list(): [string, Profile][] {
    return Object.entries(this.read().profiles).sort(([a], [b]) => a.localeCompare(b));
  }

  save(name: string, profile: Profile): Promise<void> {
    return this.locked((conf) => {
      conf.set('profiles', { ...conf.get('profiles'), [name]: profile });
    });
  }

  remove(name: string): Promise<boolean> {
    return this.locked((conf) => {
      const profiles = { ...conf.get('profiles') };
      if (!(name in profiles)) return false;
      delete profiles[name];
      conf.set('profiles', profiles);
      if (conf.get('activeProfile') === name) conf.delete('activeProfile');
      return true;
    });
  }

  /** Makes `name` the active profile; with `ifNoneActive`, only when none is. */
  use(name: string, options: { ifNoneActive?: boolean } = {}): Promise<void> {
    return this.locked((conf) => {
      if (options.ifNoneActive && conf.get('activeProfile')) return;
      conf.set('activeProfile', name);
    });
  }

  private read(): ConfigShape {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return empty();
      throw new ConfigFileError(`cannot read ${this.path}: ${(err as Error).message}`);
    }
    const parsed = parseConfig(text);
    if (!parsed) {
      throw new ConfigFileError(`${this.path} is not a valid svc config file`, {
        hint: 'fix or remove it, then log in again with `svc auth login`',
      });
    }
    return parsed;
  }

  private async locked<T>(change: (conf: Conf<ConfigShape>) => T): Promise<T> {
    const dir = dirname(this.path);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // proper-lockfile is CommonJS: its exports are the default export, bundled or not.
    const [{ default: ConfClass }, { default: lockfile }] = await Promise.all([
      import('conf'),
      import('proper-lockfile'),
    ]);
    // Checked before conf sees it: conf would throw a bare SyntaxError on a broken file.
    this.read();
    const release = await lockfile.lock(this.path, {
      realpath: false,
      retries: LOCK_RETRIES,
      stale: LOCK_STALE_MS,
    });
    try {
      const conf = new ConfClass<ConfigShape>({
        projectName: 'svc',
        projectSuffix: '',
        configName: 'config',
        cwd: dir,
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        defaults: empty(),
      });
      return change(conf);
    } finally {
      await release();
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The file's contents when they have the shape of a config, else undefined. */
function parseConfig(text: string): ConfigShape | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const { activeProfile, profiles = {} } = value;
  if (activeProfile !== undefined && typeof activeProfile !== 'string') return undefined;
  if (!isObject(profiles) || !Object.values(profiles).every(isObject)) return undefined;
  return {
    ...(activeProfile !== undefined && { activeProfile }),
    profiles: profiles as Record<string, Profile>,
  };
}
