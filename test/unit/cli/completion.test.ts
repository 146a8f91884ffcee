import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allCommands, commandTree } from '../../../src/cli/reference/tree.js';
import { shells, type Shell } from '../../../src/commands/completion/index.js';
import { completionScript } from '../../../src/commands/completion/script.js';
import { completionSpec, type CommandSpec } from '../../../src/commands/completion/spec.js';
import { offlineLogin, runCli, tempConfigDir } from '../../support/harness.js';
import { svcCommands } from '../../../src/commands/index.js';

const committed: Record<Shell, string> = {
  bash: 'completions/svc.bash',
  zsh: 'completions/_svc',
  fish: 'completions/svc.fish',
};
const root = fileURLToPath(new URL('../../../', import.meta.url));

const tree = commandTree(svcCommands);
const spec = completionSpec(tree);
const at = (path: string): CommandSpec => {
  const cmd = spec.find((c) => c.path === path);
  if (!cmd) throw new Error(`no command ${path}`);
  return cmd;
};
const valueOf = (path: string, flag: string) => at(path).flags.find((f) => f.name === flag)?.value;

describe('completion scripts', () => {
  it.each(shells)(
    'the committed %s script is what the command tree gives now (run `npm run generate`)',
    (shell) => {
      expect(readFileSync(join(root, committed[shell]), 'utf8')).toBe(completionScript(shell));
    },
  );

  it.each(shells)('svc completion %s prints the script', async (shell) => {
    const r = await runCli(['completion', shell]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(completionScript(shell));
  });

  it('refuses a shell it has no script for, naming the ones it has', async () => {
    const r = await runCli(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('bash, zsh, fish');
  });
});

describe('what the scripts complete', () => {
  it('covers every command, and every flag each accepts', () => {
    for (const cmd of allCommands(tree)) {
      const completed = at(cmd.path.join(' '));
      expect(completed.subcommands.map((s) => s.name)).toEqual(
        cmd.subcommands.map((s) => s.path.at(-1)),
      );
      const flags = [...cmd.options, ...cmd.inherited].flatMap((o) =>
        [o.short, o.long].filter(Boolean),
      );
      expect(completed.flags.map((f) => f.name)).toEqual(flags);
    }
  });

  it('offers the fixed values of options that declare them', () => {
    expect(valueOf('crdt update', '--type')).toEqual({
      kind: 'values',
      values: ['text', 'map', 'array', 'xml'],
    });
    expect(valueOf('notifications list', '--order')).toEqual({
      kind: 'values',
      values: ['asc', 'desc'],
    });
    expect(valueOf('notifications config', '--api')).toEqual({
      kind: 'values',
      values: ['v1', 'v2'],
    });
    expect(valueOf('api', '--auth')).toEqual({
      kind: 'values',
      values: ['key', 'workspace', 'none'],
    });
    expect(at('completion').args).toEqual({ kind: 'values', values: ['bash', 'zsh', 'fish'] });
    expect(valueOf('workspace email-config', '--trigger')).toEqual({
      kind: 'values',
      values: [
        'comment_annotation.add=on',
        'comment_annotation.add=off',
        'comment.add=on',
        'comment.add=off',
        'comment_annotation.status_change=on',
        'comment_annotation.status_change=off',
        'comment_annotation.assign=on',
        'comment_annotation.assign=off',
        'comment_annotation.priority_change=on',
        'comment_annotation.priority_change=off',
      ],
    });
  });

  it('asks svc for profile names, and the shell for files and directories', () => {
    for (const cmd of spec)
      expect(cmd.flags.find((f) => f.name === '--profile')?.value).toEqual({
        kind: 'profiles',
      });
    for (const path of ['profile use', 'profile show', 'profile remove']) {
      expect(at(path).args).toEqual({ kind: 'profiles' });
    }
    expect(valueOf('docs update', '--file')).toEqual({ kind: 'files' });
    expect(valueOf('emulator start', '--seed')).toEqual({ kind: 'files' });
    expect(valueOf('emulator start', '--data-dir')).toEqual({ kind: 'dirs' });
    expect(valueOf('docs migrate', '--org')).toEqual({ kind: 'text' });
    expect(valueOf('docs migrate', '--wait')).toBeUndefined();
  });

  it('completes command paths for svc help and svc schema', () => {
    expect(at('help').args).toEqual({
      kind: 'tree',
      values: ['exit-codes', 'environment', 'reference', 'formatting', 'credentials'],
    });
    expect(at('schema').args).toEqual({ kind: 'tree', values: [] });
    expect(at('emulator exec').args).toEqual({ kind: 'commands' });
  });

  it('leaves the hidden callback out of help and completion', async () => {
    expect(spec.some((cmd) => cmd.path.startsWith('__'))).toBe(false);
    expect((await runCli(['--help'])).stdout).not.toContain('__complete');
  });
});

describe('svc __complete profiles', () => {
  it('prints the stored profile names, one a line', async () => {
    const dir = tempConfigDir();
    for (const name of ['staging', 'ci']) {
      const r = await runCli(offlineLogin(name), {
        env: { SVC_CONFIG_DIR: dir },
        stdin: 'token\n',
      });
      expect(r.code).toBe(0);
    }
    const r = await runCli(['__complete', 'profiles'], { env: { SVC_CONFIG_DIR: dir } });
    expect(r).toEqual({ code: 0, stdout: 'ci\nstaging\n', stderr: '' });
  });

  it('prints nothing and succeeds when there is no profile, or the config cannot be read', async () => {
    const empty = await runCli(['__complete', 'profiles'], {
      env: { SVC_CONFIG_DIR: tempConfigDir() },
    });
    expect(empty).toEqual({ code: 0, stdout: '', stderr: '' });
    const broken = join(tempConfigDir(), 'broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'config.json'), '{ not json');
    const r = await runCli(['__complete', 'profiles'], { env: { SVC_CONFIG_DIR: broken } });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
