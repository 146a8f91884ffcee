import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigFileError } from '../../../src/errors/errors.js';
import { privateCopy, privateDir } from '../../../src/sea/private-copy.js';

const bytes = new TextEncoder().encode('\u007fELF not really a library');
const scratch = () => mkdtempSync(join(tmpdir(), 'svc-private-copy-'));

describe('privateCopy', () => {
  it('writes the bytes once, owner-only, in an owner-only directory named by content', () => {
    const dir = join(scratch(), 'cache', 'native');
    const path = privateCopy(dir, 'addon', '.node', bytes);
    expect(path).toMatch(/\/addon-[0-9a-f]{16}\.node$/);
    expect(readFileSync(path)).toEqual(Buffer.from(bytes));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const written = statSync(path).mtimeMs;
    expect(privateCopy(dir, 'addon', '.node', bytes)).toBe(path);
    expect(statSync(path).mtimeMs).toBe(written);
    expect(readdirSync(dir)).toEqual([path.slice(dir.length + 1)]);
  });

  it('names different contents differently', () => {
    const dir = join(scratch(), 'native');
    const other = new TextEncoder().encode('another build');
    expect(privateCopy(dir, 'addon', '.node', bytes)).not.toBe(
      privateCopy(dir, 'addon', '.node', other),
    );
  });

  it('replaces a damaged copy and one shared with others', () => {
    const dir = join(scratch(), 'native');
    const path = privateCopy(dir, 'addon', '.node', bytes);
    writeFileSync(path, 'tampered');
    expect(readFileSync(privateCopy(dir, 'addon', '.node', bytes))).toEqual(Buffer.from(bytes));
    chmodSync(path, 0o666);
    privateCopy(dir, 'addon', '.node', bytes);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('replaces a symbolic link planted under the name, never writing through it', () => {
    const root = scratch();
    const dir = join(root, 'native');
    const path = privateCopy(dir, 'addon', '.node', bytes);
    const target = join(root, 'elsewhere');
    // The same bytes: a copy that follows the link would take it for an intact copy.
    writeFileSync(target, bytes, { mode: 0o600 });
    rmSync(path);
    symlinkSync(target, path);
    privateCopy(dir, 'addon', '.node', bytes);
    expect(lstatSync(path).isFile()).toBe(true);
    expect(readFileSync(path)).toEqual(Buffer.from(bytes));
    expect(readdirSync(dir)).toHaveLength(1);
  });
});

describe('privateDir', () => {
  it('refuses a directory that others can write into', () => {
    const dir = join(scratch(), 'native');
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o777);
    expect(() => privateDir(dir)).toThrow(ConfigFileError);
    expect(() => privateDir(dir)).toThrow(`${dir} is open to other users`);
  });

  it('refuses a symbolic link in place of the directory', () => {
    const root = scratch();
    const real = join(root, 'real');
    mkdirSync(real, { mode: 0o700 });
    symlinkSync(real, join(root, 'native'));
    expect(() => privateDir(join(root, 'native'))).toThrow(/not a directory/);
  });
});
