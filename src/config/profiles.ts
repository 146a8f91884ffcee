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

/**
 * Named profiles in one config file (conf: atomic writes). The file holds tokens, so it
 * is created mode 0600 in a directory of mode 0700.
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

  save(name: string, profile: Profile): void {
    this.conf.set('profiles', { ...this.conf.get('profiles'), [name]: profile });
  }

  remove(name: string): boolean {
    const profiles = { ...this.conf.get('profiles') };
    if (!(name in profiles)) return false;
    delete profiles[name];
    this.conf.set('profiles', profiles);
    if (this.conf.get('activeProfile') === name) this.conf.delete('activeProfile');
    return true;
  }

  use(name: string): void {
    this.conf.set('activeProfile', name);
  }
}
