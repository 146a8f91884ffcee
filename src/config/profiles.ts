import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigFileError, UsageError } from '../errors/errors.js';
import { replaceFile } from './atomic-write.js';
import { parseConfigFile, type ConfigShape, type Profile } from './config-file.js';
import { checkPrivateDir, ensurePrivateDir } from './private-dir.js';

export type { Profile } from './config-file.js';

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

/** A write that would replace a stored profile without the user's consent. */
export class ProfileExistsError extends ConfigFileError {
  constructor(readonly profile: string) {
    super(`profile "${profile}" already holds credentials`, {
      hint: `pass --force to replace them, or choose another name with --profile`,
    });
  }
}

/** The one message for a profile asked for by name that is not stored. */
export function unknownProfile(name: string, known: string[]): UsageError {
  return new UsageError(`no profile named "${name}"`, {
    hint: known.length
      ? `stored profiles: ${known.join(', ')}`
      : 'create one with `svc workspace create` or `svc auth login`',
  });
}

/** Picks the name of a new profile, given which names are taken at the moment of saving. */
export type NamePicker = (isTaken: (name: string) => boolean) => string;

export interface StoreOptions {
  /** Told when svc repaired something of the user's on its own (a directory's mode). */
  warn?: (message: string) => void;
}

/**
 * Named profiles in one config file. The file holds tokens, so it is mode 0600 in a
 * directory of mode 0700 that only this user may write.
 *
 * The file is read and checked once when the store opens. Each write holds a lock for its
 * read-modify-write, reads the file afresh under it, and replaces the file atomically, so
 * that svc processes writing at once never drop each other's changes.
 */
export class ProfileStore {
  private constructor(
    /** The config file. */
    readonly path: string,
    private config: ConfigShape,
    private readonly warn: (message: string) => void,
  ) {}

  /** The store in `dir` (SVC_CONFIG_DIR), else in the platform's config directory. */
  static async open(dir: string | undefined, options: StoreOptions = {}): Promise<ProfileStore> {
    const { default: envPaths } = await import('env-paths');
    const base = dir ?? envPaths('svc', { suffix: '' }).config;
    const path = join(base, 'config.json');
    const warn = options.warn ?? (() => undefined);
    // Checked before reading too: a file others could have swapped decides where tokens go.
    checkPrivateDir(base, warn);
    return new ProfileStore(path, await readConfig(path), warn);
  }

  /** The profile named by the caller, else the active one, else `default`. */
  selectedName(requested: string | undefined): string {
    return requested || this.config.activeProfile || DEFAULT_PROFILE;
  }

  activeName(): string | undefined {
    return this.config.activeProfile;
  }

  get(name: string): Profile | undefined {
    const profiles = this.config.profiles;
    return Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  }

  list(): [string, Profile][] {
    return Object.entries(this.config.profiles).sort(([a], [b]) => a.localeCompare(b));
  }

  /**
   * Stores `profile` as `name`, or under the name `name` picks once the lock is held. A
   * profile already stored under that name is replaced only with `replace`: otherwise the
   * write fails with ProfileExistsError and nothing changes. Returns the name used.
   */
  save(
    name: string | NamePicker,
    profile: Profile,
    options: { replace?: boolean; activate?: boolean } = {},
  ): Promise<string> {
    return this.update((config) => {
      const taken = (n: string) => Object.hasOwn(config.profiles, n);
      const chosen = typeof name === 'string' ? name : name(taken);
      if (taken(chosen) && !options.replace) throw new ProfileExistsError(chosen);
      config.profiles = { ...config.profiles, [chosen]: profile };
      if (options.activate) config.activeProfile = chosen;
      return chosen;
    });
  }

  remove(name: string): Promise<boolean> {
    return this.update((config) => {
      if (!Object.hasOwn(config.profiles, name)) return false;
      const { [name]: _removed, ...rest } = config.profiles;
      config.profiles = rest;
      if (config.activeProfile === name) delete config.activeProfile;
      return true;
    });
  }

  /** Makes `name` the active profile; with `ifNoneActive`, only when none is. */
  use(name: string, options: { ifNoneActive?: boolean } = {}): Promise<void> {
    return this.update((config) => {
      if (options.ifNoneActive && config.activeProfile) return;
      config.activeProfile = name;
    });
  }

  /**
   * Fails, with the reason, when this store cannot be written: checked before anything is
   * created whose credentials would then have nowhere to go. It takes the lock and writes
   * the file as it is, which is what a save does.
   */
  async checkWritable(): Promise<void> {
    await this.update(() => undefined);
  }

  private async update<T>(change: (config: ConfigShape) => T): Promise<T> {
    // proper-lockfile is CommonJS: its exports are the default export, bundled or not.
    const { default: lockfile } = await import('proper-lockfile');
    let release: () => Promise<void>;
    try {
      ensurePrivateDir(dirname(this.path), this.warn);
      release = await lockfile.lock(this.path, {
        realpath: false,
        retries: LOCK_RETRIES,
        stale: LOCK_STALE_MS,
      });
    } catch (err) {
      throw cannotWrite(this.path, err);
    }
    try {
      // Read again under the lock: another svc may have written since this one opened.
      const config = await readConfig(this.path);
      const result = change(config);
      await replaceFile(this.path, `${JSON.stringify(config, null, '\t')}\n`).catch(
        (err: unknown) => {
          throw cannotWrite(this.path, err);
        },
      );
      this.config = config;
      return result;
    } finally {
      await release();
    }
  }
}

/** A failure of the file system, in its own words without Node's codes and paths. */
function cannotWrite(path: string, err: unknown): unknown {
  if (err instanceof ConfigFileError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === undefined) return err;
  const reason =
    code === 'ENOTDIR'
      ? 'part of the path is a file, not a directory'
      : (err as Error).message.replace(/^E[A-Z]+: /, '').replace(/, \w+( '.*')?$/, '');
  return new ConfigFileError(`cannot write ${path}: ${reason}`, { cause: err });
}

async function readConfig(path: string): Promise<ConfigShape> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    // Under a missing directory, or one that is really a file: nothing is stored there.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return empty();
    throw new ConfigFileError(`cannot read ${path}: ${(err as Error).message}`);
  }
  return parseConfigFile(path, text);
}
