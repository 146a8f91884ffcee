import { beforeAll, describe, expect, it } from 'vitest';
import { adminFetch, cleanEnv, pasteInShell, svc } from '../support/e2e.js';
import { svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * Every command svc prints for a person to run next, collected from the places that print
 * one, then pasted into a shell. The profile they belong to is not the active one, so a
 * command that dropped `--profile` would reach another workspace and fail.
 */
const emulator = useEmulator({ jobDelay: 'manual' });
/** svc's environment: profiles only, no credentials or URL from variables. */
let env: Record<string, string>;

beforeAll(async () => {
  const { apiKey, authToken } = emulator.workspace;
  env = cleanEnv();
  const login = await svc(
    [
      '--profile',
      'seeded',
      '--base-url',
      emulator.url,
      'auth',
      'login',
      '--api-key',
      apiKey,
      '--with-token',
    ],
    env,
    `${authToken}\n`,
  );
  expect(login.exitCode).toBe(0);
});

/**
 * The commands in `text` that svc printed: each starts `svc --profile` and ends its line, or
 * goes on over lines that end in ` \` (as a shell reads them when pasted).
 */
function printedIn(text: string): string[] {
  const joined = text.replace(/ \\ *\n\s*/g, ' ');
  return [...joined.matchAll(/svc --profile [^`)\n]*/g)].map((m) => m[0].trim());
}

async function runJobs(): Promise<void> {
  const res = await adminFetch(emulator, '/_emulator/jobs/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
}

describe('every command svc prints works when pasted', () => {
  const printed: string[] = [];

  it('collects the "what next" of workspace create, with --email where it is required', async () => {
    const term = svcInTerminal(
      [
        '--profile',
        'fresh',
        '--base-url',
        emulator.url,
        'workspace',
        'create',
        '--email',
        'fresh@example.com',
        '--name',
        'Fresh',
        '--no-input',
      ],
      env,
    );
    expect(await term.exited).toBe(0);
    const commands = printedIn(term.screen());
    expect(commands).toContain(
      `svc --profile fresh --base-url ${emulator.url} workspace email-status --email fresh@example.com`,
    );
    printed.push(...commands);
  });

  it('collects the follow-up of docs migrate, and the resume hints of waits that time out', async () => {
    const as = ['--profile', 'seeded'];
    const follow = await svc(
      [...as, 'docs', 'migrate', '--org', 'acme', '--doc', 'notes', '--to', 'notes-2'],
      env,
    );
    expect(follow.exitCode).toBe(0);
    const migration = await svc(
      [
        ...as,
        'docs',
        'migrate',
        '--org',
        'acme',
        '--doc',
        'plan',
        '--to',
        'plan-2',
        '--wait-timeout',
        '200ms',
      ],
      env,
    );
    expect(migration.exitCode).toBe(7);
    const purge = await svc(
      [
        ...as,
        'users',
        'purge',
        '--user',
        'alice',
        '--org',
        'acme',
        '--yes',
        '--wait-timeout',
        '200ms',
      ],
      env,
    );
    expect(purge.exitCode).toBe(7);
    const commands = [follow, migration, purge].flatMap((r) => printedIn(r.stderr));
    expect(commands).toHaveLength(3);
    printed.push(...commands);
  });

  it('runs each of them: every one is accepted', async () => {
    expect(printed.length).toBeGreaterThanOrEqual(9);
    await runJobs();
    for (const line of printed) {
      const r = await pasteInShell(line, env);
      expect({ line, exitCode: r.exitCode, stderr: r.stderr }).toEqual({
        line,
        exitCode: 0,
        stderr: expect.any(String) as string,
      });
    }
  });
});
