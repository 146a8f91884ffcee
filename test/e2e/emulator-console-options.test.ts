import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';

const addFolder = (id: string) => `svc folders add --org acme --id ${id} --name "Folder ${id}"`;

describe('getting unstuck on a console option', () => {
  it('the FAILED_PRECONDITION error names a command that, pasted, switches the option on', async () => {
    // The script does what a newcomer would: run the command, paste the curl the error
    // names, and run the command again.
    const script = [
      'err=$(mktemp)',
      `${addFolder('f1')} 2>"$err" && exit 10`,
      'cat "$err" >&2',
      `switch_on=$(sed -n "s/.*switch it on with: \\(curl .*\\) (or start.*/\\1/p" "$err")`,
      'rm -f "$err"',
      '[ -n "$switch_on" ] || exit 11',
      'eval "$switch_on" >/dev/null || exit 12',
      addFolder('f2'),
    ].join('\n');
    const r = await svc(['emulator', 'exec', '--', 'sh', '-c', script], cleanEnv());
    expect(r.stderr).toMatch(/FAILED_PRECONDITION: Adding folders needs the advanced queries/);
    expect(r.stderr).toContain('--console-option advancedQueries');
    expect(r.exitCode, r.stderr).toBe(0);
  });

  it('exec --console-option switches it on from the start', async () => {
    const r = await svc(
      [
        'emulator',
        'exec',
        '--console-option',
        'advancedQueries',
        '--',
        'sh',
        '-c',
        addFolder('f1'),
      ],
      cleanEnv(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
  });

  it('--console-option all switches every option on', async () => {
    const script = [
      addFolder('f1'),
      'svc notifications list --org acme --user u1 --json >/dev/null',
    ].join(' && ');
    const r = await svc(
      ['emulator', 'exec', '--console-option', 'all', '--', 'sh', '-c', script],
      cleanEnv(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
  });

  it('refuses an unknown option name with exit 2, naming the choices', async () => {
    const r = await svc(
      ['emulator', 'exec', '--console-option', 'advancedQuery', '--', 'true'],
      cleanEnv(),
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      '--console-option must be one of advancedQueries, activityService, notificationConfig or all',
    );
  });
});
