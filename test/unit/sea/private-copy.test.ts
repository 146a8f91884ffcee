import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  lstatSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privateCopy } from '../../../src/sea/private-copy.js';

const bytes = new TextEncoder().encode('\u007fELF not really a library');
const name = { stem: 'addon', ext: '.node' };
const scratch = () => mkdtempSync(join(tmpdir(), 'svc-private-copy-'));

/** privateCopy with its warnings collected. */
function copy(dir: string, content = bytes) {
  const warnings: string[] = [];
  const path = privateCopy(dir, name, content, (m) => warnings.push(m));
  return { path, warnings };
}

describe('privateCopy', () => {
  it('writes the bytes once, owner-only, in an owner-only directory named by content', () => {
    const dir = join(scratch(), 'cache', 'native');
    const { path, warnings } = copy(dir);
    expect(path).toMatch(/\/addon-[0-9a-f]{16}\.node$/);
    expect(readFileSync(path)).toEqual(Buffer.from(bytes));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([]);

    const written = statSync(path).mtimeMs;
    expect(copy(dir).path).toBe(path);
    expect(statSync(path).mtimeMs).toBe(written);
    expect(readdirSync(dir)).toEqual([path.slice(dir.length + 1)]);
  });

  it('names different contents differently', () => {
    const dir = join(scratch(), 'native');
    expect(copy(dir).path).not.toBe(copy(dir, new TextEncoder().encode('another build')).path);
  });

  it('replaces a damaged copy and one shared with others', () => {
    const dir = join(scratch(), 'native');
    const { path } = copy(dir);
    writeFileSync(path, 'tampered');
    expect(readFileSync(copy(dir).path)).toEqual(Buffer.from(bytes));
    chmodSync(path, 0o666);
    copy(dir);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('replaces a symbolic link planted under the name, never reading through it', () => {
    const root = scratch();
    const dir = join(root, 'native');
    const { path } = copy(dir);
    const target = join(root, 'elsewhere');
    // The same bytes: a copy that follows the link would take it for an intact copy.
    writeFileSync(target, bytes, { mode: 0o600 });
    rmSync(path);
    symlinkSync(target, path);
    copy(dir);
    expect(lstatSync(path).isFile()).toBe(true);
    expect(readFileSync(path)).toEqual(Buffer.from(bytes));
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('makes a directory that others could write into private, and says so', () => {
    const dir = join(scratch(), 'native');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const { warnings } = copy(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(warnings.join('\n')).toContain(`${dir} was writable by others`);
  });
});
