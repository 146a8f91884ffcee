import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileExistsError, ProfileStore } from '../../../src/config/profiles.js';
import { ConfigFileError } from '../../../src/errors/errors.js';

const dirs: string[] = [];
function configDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'svc-profiles-')), 'svc');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('ProfileStore', () => {
  it('reads no file as no profiles, and creates nothing by reading', async () => {
    const dir = configDir();
    const store = await ProfileStore.open(dir);
    expect(store.path).toBe(join(dir, 'config.json'));
    expect(store.list()).toEqual([]);
    expect(store.selectedName(undefined)).toBe('default');
    expect(store.get('default')).toBeUndefined();
    expect(() => statSync(dir)).toThrow();
  });

  it('writes a 0600 file in a 0700 directory, and reads back what it wrote', async () => {
    const dir = configDir();
    const store = await ProfileStore.open(dir);
    await store.save('ci', { apiKey: 'k', authToken: 't', baseUrl: 'http://127.0.0.1:1' });
    await store.use('ci', { ifNoneActive: true });
    await store.save('other', { apiKey: 'k2' });
    await store.use('ci', { ifNoneActive: true });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.path).mode & 0o777).toBe(0o600);

    const again = await ProfileStore.open(dir);
    expect(again.activeName()).toBe('ci');
    expect(again.selectedName(undefined)).toBe('ci');
    expect(again.selectedName('other')).toBe('other');
    expect(again.list().map(([name]) => name)).toEqual(['ci', 'other']);
    expect(again.get('ci')).toEqual({ apiKey: 'k', authToken: 't', baseUrl: 'http://127.0.0.1:1' });

    expect(await again.remove('ci')).toBe(true);
    expect(await again.remove('ci')).toBe(false);
    expect(again.activeName()).toBeUndefined();
  });

  it('finds no profile under an inherited property name', async () => {
    const store = await ProfileStore.open(configDir());
    await store.save('default', { apiKey: 'k' });
    expect(store.get('constructor')).toBeUndefined();
    expect(store.get('__proto__')).toBeUndefined();
  });

  for (const [what, text, problem] of [
    ['not JSON', '{"profiles": {', /line 1, column 15: .*end of the input/],
    [
      'a trailing comma',
      '{\n  "profiles": {\n    "ci": {"apiKey": "k"},\n  }\n}',
      /line 4, column 3/,
    ],
    ['JSON of another shape', '{"profiles": ["a"]}', /key "profiles" must be a record|profile "0"/],
    ['a JSON array', '[]', /the top level must be an object/],
    [
      'a token that is not a string',
      '{"profiles":{"prod":{"authToken":{"x":1}}}}',
      /key "authToken" of profile "prod" must be a string/,
    ],
    [
      'an unknown key',
      '{"profiles":{"prod":{"apikey":"k"}}}',
      /profile "prod" has unknown key\(s\) "apikey"/,
    ],
  ] as const) {
    it(`names the place when the file holds ${what}, never advises removing it, and rewrites nothing`, async () => {
      const store = await ProfileStore.open(configDir());
      await store.save('default', { apiKey: 'k' });
      writeFileSync(store.path, text);
      const opened = ProfileStore.open(join(store.path, '..'));
      await expect(opened).rejects.toThrow(ConfigFileError);
      await expect(opened).rejects.toThrow(problem);
      const error = (await opened.catch((err: unknown) => err)) as ConfigFileError;
      expect(error.message).toContain(store.path);
      expect(error.hint).not.toMatch(/remove|delete/i);
      await expect(store.save('new', { apiKey: 'k2' })).rejects.toThrow(ConfigFileError);
      expect(readFileSync(store.path, 'utf8')).toBe(text);
    });
  }

  // A write when opening would happen outside the lock: it would put back the file as this
  // process read it, over what other svc processes saved in the meantime.
  it('opening it writes nothing, even to a file without every member', async () => {
    const dir = configDir();
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'config.json');
    writeFileSync(path, '{"activeProfile":"other"}', { mode: 0o600 });
    const store = await ProfileStore.open(dir);
    expect(store.list()).toEqual([]);
    expect(store.activeName()).toBe('other');
    expect(readFileSync(path, 'utf8')).toBe('{"activeProfile":"other"}');
  });

  it('keeps what another handle saved after this one was opened', async () => {
    const dir = configDir();
    const [first, second] = await Promise.all([ProfileStore.open(dir), ProfileStore.open(dir)]);
    await first.save('a', { apiKey: 'ka' });
    await second.save('b', { apiKey: 'kb' });
    await first.use('a');
    const names = (await ProfileStore.open(dir)).list().map(([name]) => name);
    expect(names).toEqual(['a', 'b']);
  });
});

describe('ProfileStore writes', () => {
  it('never replaces a stored profile without consent, and picks free names under the lock', async () => {
    const store = await ProfileStore.open(configDir());
    await store.save('prod', { apiKey: 'first', authToken: 'first-token' });
    await expect(store.save('prod', { apiKey: 'second' })).rejects.toThrow(ProfileExistsError);
    expect(store.get('prod')).toEqual({ apiKey: 'first', authToken: 'first-token' });
    await store.save('prod', { apiKey: 'second' }, { replace: true });
    expect(store.get('prod')).toEqual({ apiKey: 'second' });

    const pick = (taken: (name: string) => boolean) => (taken('default') ? 'other' : 'default');
    const names = await Promise.all([
      store.save(pick, { apiKey: 'a' }),
      (await ProfileStore.open(join(store.path, '..'))).save(pick, { apiKey: 'b' }),
    ]);
    expect(names.sort()).toEqual(['default', 'other']);
  });

  it('waits for another svc that holds the lock for seconds, and writes once it lets go', async () => {
    const store = await ProfileStore.open(configDir());
    mkdirSync(join(store.path, '..'), { recursive: true });
    const release = await lockfile.lock(store.path, { realpath: false });
    const events: string[] = [];
    const saved = store.save('late', { apiKey: 'k' }).then(() => events.push('saved'));
    // Six seconds: about what twenty writers at once can queue on a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    events.push('released');
    await release();
    await saved;
    expect(events).toEqual(['released', 'saved']);
    expect((await ProfileStore.open(join(store.path, '..'))).get('late')).toEqual({ apiKey: 'k' });
  }, 20_000);

  it('takes over a lock left by a process that died while writing', async () => {
    const store = await ProfileStore.open(configDir());
    const lock = `${store.path}.lock`;
    mkdirSync(lock, { recursive: true });
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    await store.save('after', { apiKey: 'k' });
    expect(store.get('after')).toEqual({ apiKey: 'k' });
    expect(existsSync(lock)).toBe(false);
  });

  it('writes through a symlink at config.json to a regular file of its owner, keeping the link', async () => {
    const dir = configDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const target = join(dir, '..', 'elsewhere.json');
    writeFileSync(target, '{"profiles":{}}', { mode: 0o644 });
    symlinkSync(target, join(dir, 'config.json'));
    const store = await ProfileStore.open(dir);
    await store.save('ci', { apiKey: 'k', authToken: 'secret-token' });
    expect(lstatSync(store.path).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toMatchObject({
      profiles: { ci: { apiKey: 'k', authToken: 'secret-token' } },
    });
    // Replaced atomically, as a file of its own would be: private, and no lock left over.
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, '..')).sort()).toEqual(['elsewhere.json', 'svc']);
    expect((await ProfileStore.open(dir)).get('ci')).toEqual({
      apiKey: 'k',
      authToken: 'secret-token',
    });
  });

  it('refuses any other link at config.json, naming both paths, and changes nothing', async () => {
    const cases: [string, (target: string) => void, string][] = [
      [
        'others may write',
        (t) => writeFileSync(t, '{"profiles":{}}', { mode: 0o666 }),
        'which others may write',
      ],
      ['a directory', (t) => mkdirSync(t), 'which is not a regular file'],
      ['nothing', () => undefined, 'which does not exist'],
    ];
    for (const [, make, why] of cases) {
      const dir = configDir();
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const target = join(dir, '..', 'elsewhere.json');
      make(target);
      chmodSync(join(dir, '..'), 0o700);
      if (existsSync(target) && statSync(target).isFile()) chmodSync(target, 0o666);
      const link = join(dir, 'config.json');
      symlinkSync(target, link);
      const err = await ProfileStore.open(dir)
        .then((store) => store.save('ci', { apiKey: 'k' }))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConfigFileError);
      // A directory cannot even be read as the config; the others are refused at the write.
      if (why !== 'which is not a regular file') {
        expect((err as Error).message).toContain(`${link} is a link to ${target}, ${why}`);
      }
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
    }
  });

  it('refuses a config dir that is a file, naming it, rather than reading no profiles', async () => {
    const dir = configDir();
    mkdirSync(join(dir, '..'), { recursive: true });
    writeFileSync(dir, 'not a directory');
    const err = await ProfileStore.open(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigFileError);
    expect((err as Error).message).toContain(`${dir} is not a directory`);
    const under = await ProfileStore.open(join(dir, 'svc')).catch((e: unknown) => e);
    expect(under).toBeInstanceOf(ConfigFileError);
    expect((under as Error).message).toContain('part of the path is a file');
  });

  it('makes a directory others may write private again, and says so', async () => {
    const dir = configDir();
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    const warnings: string[] = [];
    const store = await ProfileStore.open(dir, { warn: (m) => warnings.push(m) });
    await store.save('ci', { apiKey: 'k' });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([expect.stringMatching(/writable by others \(mode 777\).*mode 700/)]);
  });

  it('repairs such a directory when it only reads, and refuses a shared (sticky) one', async () => {
    const dir = configDir();
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o770);
    const warnings: string[] = [];
    await ProfileStore.open(dir, { warn: (m) => warnings.push(m) });
    expect(warnings).toEqual([expect.stringMatching(/writable by others \(mode 770\)/)]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    chmodSync(dir, 0o1777);
    await expect(ProfileStore.open(dir)).rejects.toThrow(/is a shared directory/);
    expect(statSync(dir).mode & 0o7777).toBe(0o1777);
  });

  it.runIf(process.getuid?.() === 0)('refuses a directory owned by another user', async () => {
    const dir = configDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chownSync(dir, 65534, 65534);
    await expect(ProfileStore.open(dir)).rejects.toThrow(/belongs to another user/);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });
});
