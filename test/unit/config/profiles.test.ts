import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../src/config/profiles.js';
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

  for (const [what, text] of [
    ['not JSON', '{"profiles": {'],
    ['JSON of another shape', '{"profiles": ["a"]}'],
    ['a JSON array', '[]'],
  ] as const) {
    it(`says which file is broken when it holds ${what}, and overwrites nothing`, async () => {
      const store = await ProfileStore.open(configDir());
      await store.save('default', { apiKey: 'k' });
      writeFileSync(store.path, text);
      expect(() => store.list()).toThrow(ConfigFileError);
      expect(() => store.get('default')).toThrow(store.path);
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
