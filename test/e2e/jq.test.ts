import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASIC_FIXTURE, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';
import { svcInTerminal } from '../support/pty.js';

const JQ = '/usr/bin/jq';
const EXTRA_NOTIFICATIONS = 4;

/** The basic fixture with more notifications for alice, so that --all reads several pages. */
function fixtureWithNotifications(): string {
  const fixture = JSON.parse(readFileSync(BASIC_FIXTURE, 'utf8')) as {
    workspaces: { organizations: { notifications: Record<string, unknown>[] }[] }[];
  };
  const notifications = fixture.workspaces[0]?.organizations[0]?.notifications ?? [];
  const [first] = notifications;
  for (let i = 1; i <= EXTRA_NOTIFICATIONS; i++) {
    notifications.push({ ...first, id: `extra-${i}`, timestamp: 1767225600000 + i * 1000 });
  }
  const path = join(mkdtempSync(join(tmpdir(), 'jq-fixture-')), 'fixture.json');
  writeFileSync(path, JSON.stringify(fixture));
  return path;
}

const basic = useEmulator({ seed: fixtureWithNotifications() });

/** What the jq program prints for `input` with `-r -c`, the way svc prints --jq on a pipe. */
function jqOf(expression: string, input: string): { stdout: string; status: number | null } {
  const r = spawnSync(JQ, ['-r', '-c', expression], { input, encoding: 'utf8' });
  return { stdout: r.stdout, status: r.status };
}

/** svc's answer with --jq, next to jq's own answer for the document svc prints with --json. */
async function bothWays(args: string[], expression: string) {
  const json = await svc([...args, '--json'], basic.env);
  expect(json.exitCode).toBe(0);
  const filtered = await svc([...args, '--jq', expression], basic.env);
  return { svc: filtered, jq: jqOf(expression, json.stdout) };
}

describe.skipIf(!existsSync(JQ))('--jq against the jq program on the same document', () => {
  it.each([
    '.[].id',
    '.[] | select(.disabled) | {id, documentName}',
    'map(.documentName) | join(", ")',
    'length',
    '.[0]',
    '[.[] | .id] | sort',
    '.[] | "\\(.id)\\t\\(.accessType)"',
    'empty',
    '.[] | [.id, .disabled]',
    'group_by(.accessType) | map({key: .[0].accessType, value: length}) | from_entries',
  ])('docs list --jq %s', async (expression) => {
    const { svc: r, jq } = await bothWays(['docs', 'list', '--org', 'acme'], expression);
    expect(jq.status).toBe(0);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(jq.stdout.replace(/\n$/, ''));
  });

  it('prints a string result as its text, spaces and all, as jq -r does', async () => {
    const renamed = await svc(
      ['docs', 'update', '--org', 'acme', '--doc', 'notes', '--name', '  two  spaces\tand tab  '],
      basic.env,
    );
    expect(renamed.exitCode).toBe(0);
    const expression = '.[] | select(.id == "notes") | .documentName';
    const { svc: r, jq } = await bothWays(['docs', 'list', '--org', 'acme'], expression);
    // execa strips the final newline only; the spaces inside and around are the name's.
    expect(r.stdout).toBe('  two  spaces\tand tab  ');
    expect(`${r.stdout}\n`).toBe(jq.stdout);
  });

  it('filters a listing spooled page by page (notifications list --all)', async () => {
    const args = ['notifications', 'list', '--org', 'acme', '--user', 'alice', '--all'];
    const expressions = ['length', '.[].id', 'map(.timestamp) | add', '.[-1]'];
    for (const expression of expressions) {
      const { svc: r, jq } = await bothWays([...args, '--page-size', '2'], expression);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toBe(jq.stdout.replace(/\n$/, ''));
    }
    const count = await svc([...args, '--page-size', '2', '--jq', 'length'], basic.env);
    expect(count.stdout).toBe(String(EXTRA_NOTIFICATIONS + 1));
  });

  it('indents results on a terminal as jq does, strings still as text', async () => {
    const expression = '.[0], .[0].id';
    const json = await svc(['docs', 'list', '--org', 'acme', '--json'], basic.env);
    const expected = spawnSync(JQ, ['-r', expression], { input: json.stdout, encoding: 'utf8' });
    const term = svcInTerminal(['docs', 'list', '--org', 'acme', '--jq', expression], basic.env);
    expect(await term.exited).toBe(0);
    expect(term.screen().replace(/\n+$/, '')).toBe(expected.stdout.replace(/\n+$/, ''));
    expect(term.screen()).toContain('{\n  "id": ');
  });

  it("filters a bulk command's result map, and a bulk dry run's array of requests", async () => {
    const ids = join(tmpdir(), `jq-ids-${process.pid}.json`);
    writeFileSync(ids, JSON.stringify(['plan', 'roadmap']));
    const dry = ['docs', 'enable', '--org', 'acme', '--file', ids, '--dry-run'];
    const dryRun = await bothWays(dry, '.[] | .body.data.documentIds | join(",")');
    expect(dryRun.svc.stdout).toBe('plan,roadmap');
    expect(dryRun.svc.stdout).toBe(dryRun.jq.stdout.replace(/\n$/, ''));

    const r = await svc(
      [
        'docs',
        'enable',
        '--org',
        'acme',
        '--file',
        ids,
        '--jq',
        'to_entries[] | [.key, .value.success]',
      ],
      basic.env,
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split('\n')).toEqual(['["plan",true]', '["roadmap",true]']);
  });
});

describe('--jq', () => {
  it('implies --json: a failure is the JSON error line, and stdout stays empty', async () => {
    const r = await svc(
      ['docs', 'list', '--org', 'acme', '--doc', 'nosuch', '--jq', '.'],
      basic.env,
    );
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { status: 'NOT_FOUND' }, exitCode: 4 });
  });

  it('refuses an expression jq cannot compile with exit 2, before anything is sent', async () => {
    const r = await svc(
      ['docs', 'disable', '--org', 'acme', '--doc', 'contract', '--yes', '--jq', '.[] | foo(1)'],
      basic.env,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({
      error: { status: 'USAGE', message: '--jq: foo/1 is not defined at line 1, column 7' },
      exitCode: 2,
    });
    const after = await svc(
      ['docs', 'list', '--org', 'acme', '--doc', 'contract', '--jq', '.[0].disabled'],
      basic.env,
    );
    expect(after.stdout).toBe('false');
  });

  it.each([
    ['.[', 'syntax error'],
    ['', 'Top-level program not given'],
    ['$undefined', '$undefined is not defined'],
  ])('names the compile error of %j', async (expression, words) => {
    const r = await svc(['docs', 'list', '--org', 'acme', '--jq', expression], basic.env);
    expect(r.exitCode).toBe(2);
    const line = JSON.parse(r.stderr) as { error: { message: string } };
    expect(line.error.message).toContain(words);
  });

  it('turns a failure of the expression on the result into exit 2 and prints none of it', async () => {
    const r = await svc(['docs', 'list', '--org', 'acme', '--jq', '.[] | .id | error'], basic.env);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({
      error: {
        status: 'USAGE',
        message: '--jq: welcome (the command itself succeeded; only its output was not printed)',
      },
      exitCode: 2,
    });
  });

  it('is refused by commands that print no JSON document', async () => {
    for (const args of [
      ['auth', 'token'],
      ['completion', 'bash'],
    ]) {
      const r = await svc([...args, '--jq', '.'], basic.env);
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('prints no JSON document for jq to read');
    }
  });

  it('keeps the exit code of an outcome and filters its document', async () => {
    const r = await svc(
      [
        'docs',
        'disable',
        '--org',
        'acme',
        '--doc',
        'nosuch-doc',
        '--yes',
        '--jq',
        'map_values(.success)',
      ],
      basic.env,
    );
    // Every item failed as not found: exit 4, the per-item document still printed.
    expect(r.exitCode).toBe(4);
    expect(JSON.parse(r.stdout)).toEqual({ 'nosuch-doc': false });
  });
});
