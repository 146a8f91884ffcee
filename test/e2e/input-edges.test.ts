import {
  chmodSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { inputFiles } from '../support/input-files.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * Input svc must not guess at (a header line in a list of ids, a JSON key given twice, a
 * `;`-separated CSV), piped output a script can read back exactly, and config directories
 * and files that are not what they seem.
 */

const basic = useEmulator();

const { file, refused } = inputFiles(basic, 'svc-input-edges');

describe('a first line in a list of ids that may be a header', () => {
  it.each(['name', 'email', 'doc', 'title', 'org', 'uid'])(
    'refuses %s before anything is sent, naming the line and both flags',
    async (word) => {
      const stderr = await refused(
        ['docs', 'disable', '--org', 'acme', '--file', '-', '--yes'],
        `${word}\nwelcome\n`,
      );
      expect(stderr).toContain('line 1');
      expect(stderr).toContain(JSON.stringify(word));
      expect(stderr).toContain('--header');
      expect(stderr).toContain('--no-header');
    },
  );

  it('refuses a word first when every other line has a shape it lacks', async () => {
    const stderr = await refused(
      ['docs', 'disable', '--org', 'acme', '--file', '-', '--yes'],
      'Documents to close\nd-101\nd-102\n',
    );
    expect(stderr).toContain('line 1');
  });

  it('--header skips the first line, --no-header sends it as an id', async () => {
    const skipped = await svc(
      ['docs', 'enable', '--org', 'acme', '--file', '-', '--header', '--json'],
      basic.env,
      'name\nwelcome\nplan\n',
    );
    expect(skipped.stderr).toBe('');
    expect(skipped.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(skipped.stdout) as object)).toEqual(['welcome', 'plan']);

    const kept = await svc(
      ['docs', 'enable', '--org', 'acme', '--file', '-', '--no-header', '--json'],
      basic.env,
      'notes\nwelcome\n',
    );
    expect(kept.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(kept.stdout) as object)).toEqual(['notes', 'welcome']);
  });

  it('reads ids that all share one shape, the first included, without asking', async () => {
    const r = await svc(
      ['docs', 'enable', '--org', 'acme', '--file', '-', '--json'],
      basic.env,
      'welcome\nplan\nnotes\n',
    );
    expect(r.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['welcome', 'plan', 'notes']);
  });
});

describe('a JSON key given twice', () => {
  it('is refused in an array with the index and the key', async () => {
    const path = file('[{"groupId":"k1","groupName":"A","groupId":"k2"}]', '.json');
    const stderr = await refused(['groups', 'add', '--org', 'acme', '--file', path]);
    expect(stderr).toContain('index 0');
    expect(stderr).toContain('groupId');
  });

  it('is refused on an NDJSON line, nested keys too', async () => {
    const path = file(
      '{"groupId":"k3","groupName":"A"}\n{"groupId":"k4","groupName":"B","groupName":"C"}\n',
      '.ndjson',
    );
    const stderr = await refused(['groups', 'add', '--org', 'acme', '--file', path]);
    expect(stderr).toContain('line 2');
    expect(stderr).toContain('groupName');
    expect(stderr).not.toContain('line 1');
  });
});

describe('a ;-separated CSV', () => {
  it('is read when its header names known fields joined by ;', async () => {
    const path = file('groupId;groupName\nsemi-1;Semi one\nsemi-2;"Semi; two"\n', '.csv');
    const r = await svc(['groups', 'add', '--org', 'acme', '--file', path, '--json'], basic.env);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['semi-1', 'semi-2']);
  });

  it('that cannot be told apart is refused with how to convert it', async () => {
    const path = file('groupId;groupNme\nsemi-3;Three\n', '.csv');
    const stderr = await refused(['groups', 'add', '--org', 'acme', '--file', path]);
    expect(stderr).toContain(';');
    expect(stderr).toMatch(/separated/);
  });
});

describe('piped output', () => {
  it('escapes tab, newline and backslash in values, so they read back exactly', async () => {
    const name = 'tab\there\\back\nline';
    const path = file(JSON.stringify([{ documentId: 'notes', documentName: name }]), '.json');
    const renamed = await svc(['docs', 'update', '--org', 'acme', '--file', path], basic.env);
    expect(renamed.exitCode).toBe(0);
    const r = await svc(['docs', 'list', '--org', 'acme', '--doc', 'notes'], basic.env);
    expect(r.exitCode).toBe(0);
    // One line (execa drops the final newline): the newline in the name is escaped.
    expect(r.stdout.split('\n')).toHaveLength(1);
    expect(r.stdout.split('\t')).toContain('tab\\there\\\\back\\nline');
  });
});

describe('docs list with ids some of which do not exist', () => {
  it('prints what was found and names the missing on stderr, exit 4', async () => {
    const r = await svc(['docs', 'list', '--org', 'acme', '--doc', 'welcome,nosuch'], basic.env);
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toMatch(/^welcome\t/);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('nosuch');
  });

  it('under --json, stdout holds the found items', async () => {
    const r = await svc(
      ['docs', 'list', '--org', 'acme', '--doc', 'welcome,nosuch', '--json'],
      basic.env,
    );
    expect(r.exitCode).toBe(4);
    const found = JSON.parse(r.stdout) as { id: string }[];
    expect(found.map((d) => d.id)).toEqual(['welcome']);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { status: 'NOT_FOUND' }, exitCode: 4 });
  });
});

/** A config dir holding one profile stored for the emulator, with its credentials. */
function storedProfile(): string {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-input-edges-config-'));
  const { apiKey, authToken } = basic.workspace;
  const config = {
    activeProfile: 'default',
    profiles: { default: { baseUrl: basic.url, apiKey, authToken }, other: { apiKey } },
  };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return configDir;
}

describe('a public operation', () => {
  it('does not check where stored credentials belong: an unreachable service is exit 75', async () => {
    const env = cleanEnv({
      SVC_CONFIG_DIR: storedProfile(),
      SVC_BASE_URL: 'http://127.0.0.1:9',
    });
    const r = await svc(['workspace', 'email-status', '--email', 'a@example.com'], env);
    expect(r.stderr).not.toContain('were stored for');
    expect(r.exitCode).toBe(75);
  });

  it('still refuses to send the credentials of an operation that needs them (exit 3)', async () => {
    const env = cleanEnv({
      SVC_CONFIG_DIR: storedProfile(),
      SVC_BASE_URL: 'http://127.0.0.1:9',
    });
    const r = await svc(['docs', 'list', '--org', 'acme'], env);
    expect(r.stderr).toContain('were stored for');
    expect(r.exitCode).toBe(3);
  });
});

describe('a config dir that is not a directory', () => {
  it('is an error naming the path, exit 1', async () => {
    const notDir = file('not a directory');
    const r = await svc(['profile', 'list'], cleanEnv({ SVC_CONFIG_DIR: notDir }));
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(notDir);
    expect(r.stderr).not.toContain('No profiles');
    expect(r.exitCode).toBe(1);
  });
});

describe('a symlinked config.json', () => {
  /** A config dir whose config.json links to a file elsewhere (a dotfiles repository). */
  function linkedConfig(): { configDir: string; link: string; target: string } {
    const configDir = storedProfile();
    const repo = mkdtempSync(join(tmpdir(), 'svc-input-edges-dotfiles-'));
    const target = join(repo, 'config.json');
    const link = join(configDir, 'config.json');
    writeFileSync(target, readFileSync(link), { mode: 0o600 });
    unlinkSync(link);
    symlinkSync(target, link);
    return { configDir, link, target };
  }

  it('is written through when its target is a private regular file', async () => {
    const { configDir, link, target } = linkedConfig();
    const r = await svc(['profile', 'use', 'other'], cleanEnv({ SVC_CONFIG_DIR: configDir }));
    expect(r.stderr).not.toMatch(/error/);
    expect(r.exitCode).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toMatchObject({ activeProfile: 'other' });
    expect(lstatSync(target).mode & 0o777).toBe(0o600);
  });

  it('is refused, naming both paths, when others may write its target', async () => {
    const { configDir, link, target } = linkedConfig();
    chmodSync(target, 0o666);
    const before = readFileSync(target, 'utf8');
    const r = await svc(['profile', 'use', 'other'], cleanEnv({ SVC_CONFIG_DIR: configDir }));
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(link);
    expect(r.stderr).toContain(target);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe(before);
  });
});
