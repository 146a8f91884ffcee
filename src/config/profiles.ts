import type { Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigFileError, CredentialsError, UsageError } from '../errors/errors.js';
import { replaceFile, writeTarget } from './atomic-write.js';
import { parseConfigFile, type ConfigShape, type Profile } from './config-file.js';
import type { Keyring, KeyringUnavailable, ProfileSecrets } from './keyring.js';
import { checkPrivateDir, ensurePrivateDir } from './private-dir.js';
const { readFileSync, statSync } = process.getBuiltinModule('node:fs');

export type { Profile } from './config-file.js';

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function isValidProfileName(name: string): boolean {
  return PROFILE_NAME.test(name);
}

/** A lock older than this was left by a process that died while writing. */
const LOCK_STALE_MS = 10_000;
/**
 * How long a writer waits for another svc's write to finish. Each holds the lock briefly, but
 * twenty at once on a loaded machine queue for seconds; and the wait outlasts a stale lock, so
 * that a writer behind one that died takes over instead of failing.
 */
const LOCK_WAIT_MS = LOCK_STALE_MS + 5_000;
const LOCK_RETRIES = {
  retries: 1_000,
  minTimeout: 5,
  maxTimeout: 100,
  factor: 1.3,
  maxRetryTime: LOCK_WAIT_MS,
};

const empty = (): ConfigShape => ({ profiles: {} });

/** A write that would replace a stored profile without the user's consent. */
export class ProfileExistsError extends ConfigFileError {
  constructor(readonly profile: string) {
    super(`profile "${profile}" already holds credentials`, {
      hint: `pass --force to replace them, or choose another name with --profile`,
    });
  }
}

/**
 * The one message for a profile asked for by name that is not stored. `source` says where
 * the name came from (`--profile`, `SVC_PROFILE`) when the command line did not name it.
 */
export function unknownProfile(name: string, known: string[], source?: string): UsageError {
  return new UsageError(`no profile named "${name}"${source ? ` (from ${source})` : ''}`, {
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
  /** Told, once, that tokens meant for the OS keyring went to the config file instead. */
  notice?: (message: string) => void;
  /**
   * Where tokens being stored go: the OS keyring when there is one (`keyring`), else the
   * file; or always the file (`file`, `--insecure-storage`).
   */
  secrets?: SecretStore;
  /** The environment, which tells whether a keyring can be reached. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Where a profile's tokens are kept. */
export type SecretStore = 'keyring' | 'file';

/** A profile with its tokens wherever they are kept, and where that is. */
export interface ResolvedProfile {
  profile: Profile;
  secretsIn: SecretStore;
}

const SECRET_KEYS = ['workspaceToken', 'authToken'] as const;

/** A profile's tokens apart from the rest, which always stays in the file. */
function splitSecrets(profile: Profile): { secrets: ProfileSecrets; rest: Profile } {
  const { workspaceToken, authToken, keyring: _keyring, ...rest } = profile;
  return {
    secrets: { ...(workspaceToken && { workspaceToken }), ...(authToken && { authToken }) },
    rest,
  };
}

const hasSecrets = (secrets: ProfileSecrets) => SECRET_KEYS.some((k) => secrets[k] !== undefined);

/** A new keyring account: random, so that no two profiles or config dirs ever share one. */
// node:crypto loads only when a profile is written: reading one, which every command does,
// would otherwise pay for loading it.
const newAccount = async () => {
  const { randomBytes } = await import('node:crypto');
  return `svc-${randomBytes(12).toString('base64url')}`;
};

/**
 * Named profiles in one config file. The file holds tokens, so it is mode 0600 in a
 * directory of mode 0700 that only this user may write.
 *
 * The file is read and checked once when the store opens. Each write holds a lock for its
 * read-modify-write, reads the file afresh under it, and replaces the file atomically, so
 * that svc processes writing at once never drop each other's changes.
 */
export class ProfileStore {
  private readonly warn: (message: string) => void;
  private keyringModule?: Promise<typeof import('./keyring.js')>;
  /** Why the keyring could not be used, once it failed: it is not asked twice in one run. */
  private keyringDown: Error | undefined;
  private noticed = false;

  private constructor(
    /** The config file. */
    readonly path: string,
    private config: ConfigShape,
    private readonly options: StoreOptions,
  ) {
    this.warn = options.warn ?? (() => undefined);
  }

  /**
   * The keyring, loaded only by what reads or writes tokens there: commands that use the
   * environment's credentials, or a profile kept in the file, never load it.
   */
  private async keyring(): Promise<{
    keyring: Keyring;
    Unavailable: typeof KeyringUnavailable;
  }> {
    this.keyringModule ??= import('./keyring.js');
    const { Keyring, KeyringUnavailable } = await this.keyringModule;
    return { keyring: new Keyring(this.options.env ?? {}), Unavailable: KeyringUnavailable };
  }

  /** The store in `dir` (SVC_CONFIG_DIR), else in the platform's config directory. */
  static async open(dir: string | undefined, options: StoreOptions = {}): Promise<ProfileStore> {
    // env-paths only when it is needed: it imports node:process, whose namespace alone costs
    // 20-35 ms on Node 24 and 26 (eslint.config.js), and SVC_CONFIG_DIR makes it unneeded.
    const base = dir ?? (await import('env-paths')).default('svc', { suffix: '' }).config;
    const path = join(base, 'config.json');
    checkConfigDir(base);
    // Checked before reading too: a file others could have swapped decides where tokens go.
    checkPrivateDir(base, options.warn ?? (() => undefined));
    return new ProfileStore(path, await readConfig(path), options);
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
   * The profile `name` with its tokens, read from the OS keyring when they are kept there.
   * A keyring that cannot be read is a credentials error: the tokens are there, not here.
   */
  async resolve(name: string): Promise<ResolvedProfile | undefined> {
    const stored = this.get(name);
    if (!stored) return undefined;
    if (!stored.keyring) return { profile: stored, secretsIn: 'file' };
    const { keyring, ...rest } = stored;
    const { keyring: store, Unavailable } = await this.keyring();
    let secrets: ProfileSecrets | undefined;
    try {
      secrets = await store.read(keyring);
    } catch (err) {
      if (!(err instanceof Unavailable)) throw err;
      throw new CredentialsError(
        `profile "${name}" keeps its tokens in the OS keyring, which cannot be read here: ${err.message}`,
        { hint: 'run svc where that keyring is unlocked, or give the tokens in SVC_* variables' },
      );
    }
    return { profile: { ...rest, ...secrets }, secretsIn: 'keyring' };
  }

  /**
   * Stores `profile` as `name`, or under the name `name` picks once the lock is held. A
   * profile already stored under that name is replaced only with `replace`: otherwise the
   * write fails with ProfileExistsError and nothing changes. Returns the name used.
   *
   * Its tokens go to the OS keyring when there is one (and `--insecure-storage` was not
   * given), into a new entry: the entry of the profile it replaces is removed only once the
   * file names the new one, so that a failure on the way (a full disk, a refused
   * replacement) loses neither.
   */
  async save(
    name: string | NamePicker,
    profile: Profile,
    options: { replace?: boolean; activate?: boolean } = {},
  ): Promise<string> {
    const { secrets, rest } = splitSecrets(profile);
    const account = hasSecrets(secrets) ? await this.keep(secrets) : undefined;
    const stored = account ? { ...rest, keyring: account } : { ...rest, ...secrets };
    let replaced: Profile | undefined;
    let chosen: string;
    try {
      chosen = await this.update((config) => {
        const taken = (n: string) => Object.hasOwn(config.profiles, n);
        const picked = typeof name === 'string' ? name : name(taken);
        if (taken(picked) && !options.replace) throw new ProfileExistsError(picked);
        replaced = taken(picked) ? config.profiles[picked] : undefined;
        config.profiles = { ...config.profiles, [picked]: stored };
        if (options.activate) config.activeProfile = picked;
        return picked;
      });
    } catch (err) {
      if (account) await this.forget(account);
      throw err;
    }
    const old = (replaced as Profile | undefined)?.keyring;
    if (old && old !== account) await this.forget(old);
    return chosen;
  }

  async remove(name: string): Promise<boolean> {
    let removed: Profile | undefined;
    const found = await this.update((config) => {
      if (!Object.hasOwn(config.profiles, name)) return false;
      const { [name]: gone, ...rest } = config.profiles;
      removed = gone;
      config.profiles = rest;
      if (config.activeProfile === name) delete config.activeProfile;
      return true;
    });
    const account = (removed as Profile | undefined)?.keyring;
    if (account) await this.forget(account);
    return found;
  }

  /**
   * Moves the tokens of profile `name` to `to`: from the file into the OS keyring, or back.
   * The tokens are written where they go before the file stops holding or naming them where
   * they were, so that no failure loses them. Returns false when they already are there (or
   * the profile holds none).
   */
  async move(name: string, to: SecretStore): Promise<boolean> {
    const resolved = await this.resolve(name);
    if (!resolved)
      throw unknownProfile(
        name,
        this.list().map(([n]) => n),
      );
    const { secrets, rest } = splitSecrets(resolved.profile);
    if (resolved.secretsIn === to || !hasSecrets(secrets)) return false;
    const from = this.get(name);
    const account = to === 'keyring' ? await newAccount() : undefined;
    if (account) {
      const { keyring, Unavailable } = await this.keyring();
      await keyring.write(account, secrets).catch((err: unknown) => {
        throw err instanceof Unavailable
          ? new ConfigFileError(`the OS keyring cannot be used here: ${err.message}`, {
              hint: `profile "${name}" keeps its tokens in ${this.path}`,
            })
          : err;
      });
    }
    try {
      await this.update((config) => {
        // Another svc may have stored other tokens since: those are not to be overwritten.
        const current = Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
        if (JSON.stringify(current) !== JSON.stringify(from)) {
          throw new ConfigFileError(`profile "${name}" changed while its tokens were moved`, {
            hint: 'run the command again',
          });
        }
        config.profiles = {
          ...config.profiles,
          [name]: account ? { ...rest, keyring: account } : { ...rest, ...secrets },
        };
      });
    } catch (err) {
      if (account) await this.forget(account);
      throw err;
    }
    if (!account && from?.keyring) await this.forget(from.keyring);
    return true;
  }

  /**
   * Writes `secrets` into a new keyring entry and names it; undefined when they are to stay
   * in the file: asked for, or no keyring here (said once, as a notice).
   */
  private async keep(secrets: ProfileSecrets): Promise<string | undefined> {
    if (this.options.secrets === 'file') return undefined;
    if (!this.keyringDown) {
      const { keyring, Unavailable } = await this.keyring();
      const account = await newAccount();
      try {
        await keyring.write(account, secrets);
        return account;
      } catch (err) {
        if (!(err instanceof Unavailable)) throw err;
        this.keyringDown = err;
      }
    }
    if (!this.noticed) {
      this.noticed = true;
      this.options.notice?.(
        `the OS keyring is not available (${this.keyringDown.message}): tokens are stored in ${this.path}, readable only by you`,
      );
    }
    return undefined;
  }

  /** Removes a keyring entry no profile names any more; a failure leaves it, with a warning. */
  private async forget(account: string): Promise<void> {
    const { keyring } = await this.keyring();
    await keyring.remove(account).catch((err: unknown) => {
      this.warn(
        `could not remove keyring entry ${account} (service "svc"), which no profile uses now: ${(err as Error).message}`,
      );
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
    // A config.json that links to a file elsewhere is written there, link kept (or refused).
    let target: string;
    try {
      ensurePrivateDir(dirname(this.path), this.warn);
      target = await writeTarget(this.path);
      release = await lockfile.lock(target, {
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
      await replaceFile(target, `${JSON.stringify(config, null, '\t')}\n`).catch((err: unknown) => {
        throw cannotWrite(target, err);
      });
      this.config = config;
      return result;
    } finally {
      await release();
    }
  }
}

/**
 * A config dir that is there must be a directory svc can read: one that is a file (a
 * mistyped SVC_CONFIG_DIR) or unreadable would otherwise read as holding no profiles.
 * One not made yet is fine: the first save makes it.
 */
function checkConfigDir(dir: string): void {
  let stat: Stats;
  try {
    stat = statSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    throw new ConfigFileError(`cannot use ${dir} as the config directory: ${reasonOf(err)}`, {
      cause: err,
    });
  }
  if (!stat.isDirectory()) {
    throw new ConfigFileError(`${dir} is not a directory: svc keeps its profiles in one`, {
      hint: 'point SVC_CONFIG_DIR at a directory (svc makes it if it is not there)',
    });
  }
}

/** A file system error's reason without Node's code and paths: `permission denied`. */
function reasonOf(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR') return 'part of the path is a file, not a directory';
  return (err as Error).message.replace(/^E[A-Z]+: /, '').replace(/, \w+( '.*')?$/, '');
}

/** A failure of the file system, in its own words without Node's codes and paths. */
function cannotWrite(path: string, err: unknown): unknown {
  if (err instanceof ConfigFileError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === undefined) return err;
  if (code === 'ELOCKED') {
    return new ConfigFileError(
      `cannot write ${path}: another svc kept it locked for ${LOCK_WAIT_MS / 1000} s`,
      { cause: err, hint: 'try again once the other svc has finished' },
    );
  }
  return new ConfigFileError(`cannot write ${path}: ${reasonOf(err)}`, { cause: err });
}

async function readConfig(path: string): Promise<ConfigShape> {
  let text: string;
  try {
    // Read at once: a config is a few hundred bytes, and loading node:fs/promises would cost
    // every command more than the read takes.
    text = readFileSync(path, 'utf8');
  } catch (err) {
    // Not made yet: nothing is stored there. A path through a file is an error: a config
    // dir that cannot hold one must not read as an empty one.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return empty();
    throw new ConfigFileError(`cannot read ${path}: ${reasonOf(err)}`, { cause: err });
  }
  return parseConfigFile(path, text);
}
