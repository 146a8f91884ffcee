import { mkdirSync } from 'node:fs';
import type Conf from 'conf';
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

/**
 * Named profiles in one config file. The file holds tokens, so it is created mode 0600 in
 * a directory of mode 0700. conf writes atomically (a temporary file renamed into place)
 * and reads the file afresh on every access; each change also holds a lock file for its
 * read-modify-write, so that svc processes writing at once never drop each other's changes.
 */
export class ProfileStore {
  private constructor(private readonly conf: Conf<ConfigShape>) {}

  static async open(dir: string | undefined): Promise<ProfileStore> {
    const { default: ConfClass } = await import('conf');
    if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });
    const conf = new ConfClass<ConfigShape>({
      projectName: 'svc',
      projectSuffix: '',
      configName: 'config',
      ...(dir ? { cwd: dir } : {}),
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      defaults: { profiles: {} },
    });
    return new ProfileStore(conf);
  }

  get path(): string {
    return this.conf.path;
  }

  /** The profile named by the caller, else the active one, else `default`. */
  selectedName(requested: string | undefined): string {
    return requested || this.conf.get('activeProfile') || DEFAULT_PROFILE;
  }

  activeName(): string | undefined {
    return this.conf.get('activeProfile');
  }

  get(name: string): Profile | undefined {
    return this.conf.get('profiles')[name];
  }

  list(): [string, Profile][] {
    return Object.entries(this.conf.get('profiles')).sort(([a], [b]) => a.localeCompare(b));
  }

  save(name: string, profile: Profile): Promise<void> {
    return this.locked(() => {
      this.conf.set('profiles', { ...this.conf.get('profiles'), [name]: profile });
    });
  }

  remove(name: string): Promise<boolean> {
    return this.locked(() => {
      const profiles = { ...this.conf.get('profiles') };
      if (!(name in profiles)) return false;
      delete profiles[name];
      this.conf.set('profiles', profiles);
      if (this.conf.get('activeProfile') === name) this.conf.delete('activeProfile');
      return true;
    });
  }

  /** Makes `name` the active profile; with `ifNoneActive`, only when none is. */
  use(name: string, options: { ifNoneActive?: boolean } = {}): Promise<void> {
    return this.locked(() => {
      if (options.ifNoneActive && this.conf.get('activeProfile')) return;
      this.conf.set('activeProfile', name);
    });
  }

  private async locked<T>(change: () => T): Promise<T> {
    // A CommonJS package: its exports are the default export, bundled or not.
    const { default: lockfile } = await import('proper-lockfile');
    const release = await lockfile.lock(this.conf.path, {
      realpath: false,
      retries: LOCK_RETRIES,
      stale: LOCK_STALE_MS,
    });
    try {
      return change();
    } finally {
      await release();
    }
  }
}
