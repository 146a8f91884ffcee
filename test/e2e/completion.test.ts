import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SVC, cleanEnv } from '../support/e2e.js';
import { docs } from '../../src/commands/docs/index.js';

/**
 * The committed completion scripts, loaded in their shells and driven the way each shell
 * drives them, with the built svc on PATH for the profile names they ask it for.
 */

const completions = fileURLToPath(new URL('../../completions/', import.meta.url));
const installed = (shell: string) =>
  spawnSync('sh', ['-c', `command -v ${shell}`], { stdio: 'ignore' }).status === 0;
const skipped = (shell: string) =>
  installed(shell) ? '' : ` (skipped: ${shell} is not installed)`;

let env: Record<string, string>;
beforeAll(() => {
  const bin = mkdtempSync(join(tmpdir(), 'svc-bin-'));
  symlinkSync(SVC, join(bin, 'svc'));
  env = cleanEnv({ PATH: `${bin}:${process.env.PATH ?? ''}` });
  // Two stored profiles, in the profile store's file.
  writeFileSync(
    join(env.SVC_CONFIG_DIR ?? '', 'config.json'),
    JSON.stringify({ profiles: { staging: { apiKey: 'k' }, ci: { apiKey: 'k' } } }),
  );
});

async function lines(file: string, args: string[]): Promise<string[]> {
  const r = await execa(file, args, { env, extendEnv: false, reject: false, timeout: 20_000 });
  expect(r.stderr).toBe('');
  expect(r.exitCode).toBe(0);
  return r.stdout.split('\n').filter(Boolean);
}

describe(`bash${skipped('bash')}`, { skip: !installed('bash') }, () => {
  const script = join(completions, 'svc.bash');
  /** What pressing Tab after `words` offers (the last word is the one being completed). */
  const complete = (...words: string[]) =>
    lines('bash', [
      '--norc',
      '--noprofile',
      '-c',
      'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _svc; printf "%s\\n" "${COMPREPLY[@]}"',
      'bash',
      script,
      ...words,
    ]);

  it('registers _svc for svc', async () => {
    expect(
      await lines('bash', [
        '--norc',
        '--noprofile',
        '-c',
        'source "$1"; complete -p svc',
        'bash',
        script,
      ]),
    ).toEqual(['complete -F _svc svc']);
  });

  it('completes `svc do` to docs', async () => {
    expect(await complete('svc', 'do')).toEqual(['docs']);
  });

  it('lists the flags of `svc docs migrate --`', async () => {
    const flags = await complete('svc', 'docs', 'migrate', '--');
    expect(flags).toEqual(
      expect.arrayContaining(['--org', '--doc', '--to', '--wait', '--wait-timeout']),
    );
    expect(flags).toEqual(expect.arrayContaining(['--json', '--profile', '--help']));
    expect(flags).not.toContain('--file');
    expect(flags.every((f) => f.startsWith('--'))).toBe(true);
  });

  it('offers fixed values, also after --flag= and global flags before the command', async () => {
    expect(await complete('svc', 'crdt', 'update', '--type', '')).toEqual([
      'text',
      'map',
      'array',
      'xml',
    ]);
    expect(await complete('svc', 'crdt', 'update', '--type', '=', 'a')).toEqual(['array']);
    expect(
      await complete('svc', '--json', 'notifications', 'list', '--org', 'o', '--order', 'd'),
    ).toEqual(['desc']);
  });

  it('asks svc for profile names', async () => {
    expect(await complete('svc', '--profile', '')).toEqual(['ci', 'staging']);
    expect(await complete('svc', 'profile', 'use', 's')).toEqual(['staging']);
  });

  it('completes command paths after svc help and svc schema', async () => {
    expect(await complete('svc', 'help', 'docs', 'mi')).toEqual(['migrate', 'migration-status']);
    expect(await complete('svc', 'help', 'exit')).toEqual(['exit-codes']);
    expect(await complete('svc', 'schema', 'users', 'pu')).toEqual(['purge', 'purge-status']);
  });

  it('works beside the bash-completion package when it is there', async () => {
    const framework = '/usr/share/bash-completion/bash_completion';
    const r = await execa(
      'bash',
      [
        '--norc',
        '--noprofile',
        '-c',
        `[ -f ${framework} ] && source ${framework}; source "$1"; COMP_WORDS=(svc docs mig); COMP_CWORD=2; _svc; printf "%s\\n" "\${COMPREPLY[@]}"`,
        'bash',
        script,
      ],
      { env, extendEnv: false, reject: false },
    );
    expect(r.stdout.split('\n')).toEqual(['migrate', 'migration-status']);
  });
});

describe(`zsh${skipped('zsh')}`, { skip: !installed('zsh') }, () => {
  const script = join(completions, '_svc');
  /**
   * zsh's completion builtins work only inside a completion widget, so these stand-ins print
   * what `_svc` hands them; the words and cursor are set as zsh sets them.
   */
  const stubs = [
    '_describe() { local name=${@[-1]}; print -rl -- "${(@P)name%%:*}" }',
    'compadd() { while [[ $1 == -* ]]; do if [[ $1 == -a ]]; then print -rl -- "${(@P)2}"; return; fi; shift; done; print -rl -- "$@" }',
    '_files() { print -r -- "(files $*)" }',
    '_normal() { print -r -- "(command line: ${words[*]}, word $CURRENT)" }',
    'compset() { PREFIX=${PREFIX#*=} }',
  ].join('\n');
  const complete = (...words: string[]) =>
    lines('zsh', [
      '-f',
      '-c',
      `autoload -U compinit && compinit -u -D
source "$1"; shift
${stubs}
words=("$@"); CURRENT=$#; PREFIX=\${words[-1]}
_svc`,
      'zsh',
      script,
      ...words,
    ]);

  it('loads after compinit and registers _svc for svc', async () => {
    const r = await lines('zsh', [
      '-f',
      '-c',
      'autoload -U compinit && compinit -u -D; source "$1"; print -r -- "$_comps[svc]"',
      'zsh',
      script,
    ]);
    expect(r).toEqual(['_svc']);
  });

  it('is found on fpath by compinit, and autoloads on first use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-fpath-'));
    copyFileSync(script, join(dir, '_svc'));
    const r = await lines('zsh', [
      '-f',
      '-c',
      `fpath=("$1" $fpath); autoload -U compinit && compinit -u -D
print -r -- "$_comps[svc]"
${stubs}
words=(svc do); CURRENT=2; PREFIX=do
_svc`,
      'zsh',
      dir,
    ]);
    expect(r[0]).toBe('_svc');
    expect(r).toContain('docs');
  });

  it('offers subcommands, flags, values and profiles', async () => {
    expect(await complete('svc', 'do')).toContain('docs');
    expect(await complete('svc', 'docs', 'migrate', '--')).toEqual(
      expect.arrayContaining(['--org', '--doc', '--to', '--wait', '--wait-timeout', '--json']),
    );
    expect(await complete('svc', 'crdt', 'update', '--type', '')).toEqual([
      'text',
      'map',
      'array',
      'xml',
    ]);
    expect(await complete('svc', 'crdt', 'update', '--type=')).toEqual([
      'text',
      'map',
      'array',
      'xml',
    ]);
    expect(await complete('svc', 'profile', 'show', '')).toEqual(['ci', 'staging']);
    expect(await complete('svc', 'emulator', 'start', '--data-dir', '')).toEqual(['(files -/)']);
    expect(await complete('svc', 'emulator', 'exec', '--', 'npm', 't')).toEqual([
      '(command line: npm t, word 2)',
    ]);
  });
});

describe(`fish${skipped('fish')}`, { skip: !installed('fish') }, () => {
  const script = join(completions, 'svc.fish');
  /** Fish's own completion of a command line, candidates without their descriptions. */
  const complete = async (line: string) =>
    (
      await lines('fish', [
        '--no-config',
        '-c',
        'source $argv[1]; complete -C $argv[2]',
        script,
        line,
      ])
    ).map((candidate) => candidate.split('\t')[0]);

  it('completes `svc do` to docs, with its summary', async () => {
    const r = await lines('fish', [
      '--no-config',
      '-c',
      'source $argv[1]; complete -C "svc do"',
      script,
    ]);
    expect(r).toEqual([`docs\t${docs.summary}`]);
  });

  it('offers flags, values and profiles', async () => {
    expect(await complete('svc docs migrate --')).toEqual(
      expect.arrayContaining(['--org', '--doc', '--to', '--wait', '--wait-timeout', '--json']),
    );
    expect((await complete('svc crdt update --type ')).sort()).toEqual([
      'array',
      'map',
      'text',
      'xml',
    ]);
    expect(await complete('svc crdt update --type=t')).toEqual(['--type=text']);
    expect(await complete('svc --profile ')).toEqual(['ci', 'staging']);
    expect(await complete('svc help docs mi')).toEqual(['migrate', 'migration-status']);
  });
});

/**
 * Profile names come from a file anyone may have edited. A shell that evaluates them runs
 * what is in them on Tab: each name here would create the marker file if it ever did.
 */
describe('hostile profile names', () => {
  let hostileEnv: Record<string, string>;
  let fakeEnv: Record<string, string>;
  let marker: string;
  let hostile: string[];

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-hostile-'));
    marker = join(dir, 'pwned');
    hostile = [`$(touch \${IFS}${marker})`, `\`touch ${marker}\``, `x;touch ${marker}`];
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(SVC, join(bin, 'svc'));
    hostileEnv = cleanEnv({ PATH: `${bin}:${process.env.PATH ?? ''}` });
    writeFileSync(
      join(hostileEnv.SVC_CONFIG_DIR ?? '', 'config.json'),
      JSON.stringify({
        profiles: Object.fromEntries(
          [...hostile, 'good', 'two\nlines'].map((n) => [n, { apiKey: 'k' }]),
        ),
      }),
    );
    // A stand-in svc that offers the names as they are, to show that the scripts match
    // them as text even when a name gets through.
    const fakeBin = join(dir, 'fake-bin');
    mkdirSync(fakeBin);
    writeFileSync(
      join(fakeBin, 'svc'),
      `#!/bin/sh\nprintf '%s\\n' ${hostile.map((n) => `'${n.replaceAll("'", `'\\''`)}'`).join(' ')}\n`,
      { mode: 0o755 },
    );
    fakeEnv = cleanEnv({ PATH: `${fakeBin}:${process.env.PATH ?? ''}` });
  });

  // Each shell is judged on its own: a marker left by another must not count against it.
  beforeEach(() => rmSync(marker, { force: true }));

  const run = (file: string, args: string[], runEnv: Record<string, string>) =>
    execa(file, args, { env: runEnv, extendEnv: false, reject: false, timeout: 20_000 });

  it('svc __complete profiles lists only names that follow the profile-name rule', async () => {
    const r = await run(SVC, ['__complete', 'profiles'], hostileEnv);
    expect(r.exitCode).toBe(0);
    const names = r.stdout.split('\n').filter(Boolean);
    expect(names.every((n) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(n))).toBe(true);
    expect(names).not.toContain('two');
    expect(existsSync(marker)).toBe(false);
  });

  describe(`in bash${skipped('bash')}`, { skip: !installed('bash') }, () => {
    const complete = (runEnv: Record<string, string>, ...words: string[]) =>
      run(
        'bash',
        [
          '--norc',
          '--noprofile',
          '-c',
          'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _svc; printf "%s\\n" "${COMPREPLY[@]}"',
          'bash',
          join(completions, 'svc.bash'),
          ...words,
        ],
        runEnv,
      );

    it('runs nothing on Tab, and offers only the valid names', async () => {
      const r = await complete(hostileEnv, 'svc', '--profile', '');
      expect(existsSync(marker)).toBe(false);
      expect(r.stdout.split('\n').filter(Boolean)).not.toEqual(expect.arrayContaining(hostile));
    });

    it('matches names that get through as text, without running them', async () => {
      const all = await complete(fakeEnv, 'svc', '--profile', '');
      expect(existsSync(marker)).toBe(false);
      expect(all.stdout.split('\n')).toEqual(hostile);
      const some = await complete(fakeEnv, 'svc', 'profile', 'use', '$');
      expect(existsSync(marker)).toBe(false);
      expect(some.stdout.split('\n')).toEqual([hostile[0]]);
    });
  });

  describe(`in zsh${skipped('zsh')}`, { skip: !installed('zsh') }, () => {
    it('runs nothing on Tab, and matches names as text', async () => {
      const r = await run(
        'zsh',
        [
          '-f',
          '-c',
          `autoload -U compinit && compinit -u -D
source "$1"; shift
compadd() { while [[ $1 == -* ]]; do if [[ $1 == -a ]]; then print -rl -- "\${(@P)2}"; return; fi; shift; done; print -rl -- "$@" }
words=("$@"); CURRENT=$#; PREFIX=\${words[-1]}
_svc`,
          'zsh',
          join(completions, '_svc'),
          'svc',
          '--profile',
          '',
        ],
        fakeEnv,
      );
      expect(existsSync(marker)).toBe(false);
      expect(r.stdout.split('\n')).toEqual(hostile);
    });
  });

  describe(`in fish${skipped('fish')}`, { skip: !installed('fish') }, () => {
    it('runs nothing on Tab, and matches names as text', async () => {
      const r = await run(
        'fish',
        [
          '--no-config',
          '-c',
          'source $argv[1]; complete -C "svc --profile "',
          join(completions, 'svc.fish'),
        ],
        fakeEnv,
      );
      expect(existsSync(marker)).toBe(false);
      // fish sorts what it offers in its own order.
      const offered = r.stdout.split('\n').map((c) => c.split('\t')[0] ?? '');
      expect(offered.sort()).toEqual([...hostile].sort());
    });
  });
});
