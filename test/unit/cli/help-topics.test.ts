import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../../src/errors/exit-codes.js';
import { environmentRows, environmentTable } from '../../../src/cli/reference/environment.js';
import { commandTree, type CommandInfo } from '../../../src/cli/reference/tree.js';
import { runCli } from '../../support/harness.js';
import { svcCommands } from '../../../src/commands/index.js';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('svc help exit-codes', () => {
  it('prints one tab-separated line per exit code of the contract when piped', async () => {
    const r = await runCli(['help', 'exit-codes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((line) => Number(line.split('\t')[0]))).toEqual(
      Object.values(ExitCode).sort((a, b) => a - b),
    );
    expect(lines).toContain(
      '4\tNOT_FOUND, also for ids asked for by name that do not exist, and a bulk call whose every item failed as not existing',
    );
    expect(lines.every((line) => line.split('\t').length === 2)).toBe(true);
  });

  it('prints an array of {code, meaning} with --json', async () => {
    const r = await runCli(['help', 'exit-codes', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { code: number; meaning: string }[];
    expect(rows.map((row) => row.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 75, 129, 130, 143]);
    expect(rows.find((row) => row.code === 75)?.meaning).toMatch(/^temporary/);
    expect(rows.every((row) => Object.keys(row).join() === 'code,meaning')).toBe(true);
  });

  it('shows a table with headers at a terminal', async () => {
    const r = await runCli(['help', 'exit-codes'], { tty: true });
    expect(r.stdout).toMatch(/^CODE\s+MEANING/);
    expect(r.stdout).toMatch(/\n130\s+interrupted/);
  });
});

describe('svc help environment', () => {
  it('prints an array of {name, flag, meaning} with --json', async () => {
    const r = await runCli(['help', 'environment', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { name: string; flag: string | null }[];
    expect(rows.find((row) => row.name === 'SVC_PROFILE')?.flag).toBe('--profile');
    expect(rows.find((row) => row.name === 'SVC_API_KEY')?.flag).toBeNull();
  });

  it('lists every SVC_ variable the source reads', () => {
    const read = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\b(SVC_[A-Z0-9_]+)\b/g)) {
        read.add(match[1] ?? '');
      }
    }
    const listed = new Set(environmentRows(commandTree(svcCommands)).map((row) => row.name));
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
    expect(read.size).toBeGreaterThan(5);
  });

  it('takes in the variables that commands declare for their flags, once each', () => {
    const option = {
      flags: '--mirror-url <url>',
      long: '--mirror-url',
      short: undefined,
      description: 'where to mirror',
      group: 'Options',
      takesValue: true,
      placeholder: 'url',
      variadic: false,
      mandatory: false,
      choices: undefined,
      defaultText: undefined,
      envVar: 'SVC_MIRROR_URL',
    };
    const command = (path: string[], subcommands: CommandInfo[], options = [option]) => ({
      path,
      summary: 'x',
      usage: 'x',
      group: '',
      arguments: [],
      options,
      inherited: [],
      notes: '',
      examples: [],
      subcommands,
    });
    const tree = command(
      [],
      [
        command(
          ['mirror'],
          [command(['mirror', 'start'], []), command(['mirror', 'exec'], [])],
          [],
        ),
      ],
      [],
    );
    const rows = environmentRows(tree);
    expect(rows.slice(0, environmentTable.length)).toEqual(environmentTable);
    expect(rows.slice(environmentTable.length)).toEqual([
      {
        name: 'SVC_MIRROR_URL',
        flag: '--mirror-url',
        meaning: 'where to mirror (svc mirror start, svc mirror exec)',
      },
    ]);
  });

  it('prints a table of the variables when piped', async () => {
    const r = await runCli(['help', 'environment']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(environmentRows(commandTree(svcCommands)).length);
    expect(lines[0]).toBe(
      'SVC_PROFILE\t--profile\twhich stored profile to use (default: the active one, else default)',
    );
  });
});

describe('svc help COMMAND', () => {
  it('prints the same help as COMMAND --help', async () => {
    const viaHelp = await runCli(['help', 'docs', 'migrate']);
    const viaFlag = await runCli(['docs', 'migrate', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toContain('Usage: svc docs migrate');
  });

  it('prints the root help with no topic, and a group’s help for a group', async () => {
    const root = await runCli(['help']);
    expect(root.code).toBe(0);
    expect(root.stdout).toBe((await runCli(['--help'])).stdout);
    const group = await runCli(['help', 'docs']);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain('Usage: svc docs');
  });

  it('exits 2 naming the topics for an unknown one', async () => {
    const r = await runCli(['help', 'exit-code']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no command or help topic named "exit-code"');
    expect(r.stderr).toContain('exit-codes, environment, reference');
  });
});

describe('svc --help', () => {
  it('groups the commands and names the environment variables from the one table', async () => {
    const r = await runCli(['--help']);
    const headings = r.stdout.split('\n').filter((line) => /^[A-Z][A-Za-z ]*:$/.test(line));
    expect(headings).toEqual([
      'Global options:',
      'Resources:',
      'Collaboration:',
      'Account and configuration:',
      'Tools:',
      'Examples:',
    ]);
    const environment = /Environment:([\s\S]*?)\nSee also/.exec(r.stdout)?.[1] ?? '';
    expect(environment.split(/[\s,]+/).filter(Boolean)).toEqual(
      environmentTable.map((row) => row.name),
    );
    // --version and --help close the global options of svc itself.
    expect(r.stdout).toMatch(/ {2}-v, --version[^\n]*\n {2}-h, --help/);
  });

  it('keeps a group’s help to its commands, the global options being on each of theirs', async () => {
    const r = await runCli(['docs', '--help']);
    expect(r.stdout).toMatch(/Commands:\n {2}list /);
    expect(r.stdout).not.toContain('--profile');
    expect((await runCli(['docs', 'list', '--help'])).stdout).toContain('--profile');
  });

  it('shows shared option families in their own groups', async () => {
    const r = await runCli(['docs', 'update', '--help']);
    expect(r.stdout).toMatch(
      /Options:\n {2}--org[\s\S]*\n {2}--name[\s\S]*Input:\n {2}--file[\s\S]*Batching:\n {2}--batch-size[\s\S]*--concurrency[\s\S]*Global options:\n {2}--profile/,
    );
    const purge = await runCli(['users', 'purge', '--help']);
    expect(purge.stdout).toMatch(/Waiting:\n {2}--wait [\s\S]*--wait-timeout/);
    const list = await runCli(['notifications', 'list', '--help']);
    expect(list.stdout).toMatch(
      /Paging:\n {2}--page-size[\s\S]*--page-token[\s\S]*--limit[\s\S]*--all/,
    );
  });
});
