import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../../support/harness.js';

// No service listens on these: every run below is a --dry-run, which sends nothing.
const A = 'http://127.0.0.1:9';
const B = 'http://127.0.0.1:10';
const C = 'http://127.0.0.1:11';

interface Case {
  name: string;
  config: { activeProfile?: string; profiles: Record<string, { baseUrl?: string }> };
  env?: Record<string, string>;
  flags?: string[];
}

// The precedence is --base-url, SVC_BASE_URL, the profile in use (asked for, else active,
// else "default"). The first two cases are ones `workspace create` once answered by a rule
// of its own: it skipped "default" when no profile was active, and fell back to the active
// profile's URL when the profile asked for had none.
const cases: Case[] = [
  {
    name: 'no active profile: the "default" profile',
    config: { profiles: { default: { baseUrl: A } } },
  },
  {
    name: "a profile asked for that stores no URL: none, not the active one's",
    config: { activeProfile: 'main', profiles: { main: { baseUrl: A }, bare: {} } },
    flags: ['--profile', 'bare'],
  },
  {
    name: 'the active profile',
    config: { activeProfile: 'main', profiles: { main: { baseUrl: A } } },
  },
  {
    name: 'SVC_BASE_URL over the profile',
    config: { activeProfile: 'main', profiles: { main: { baseUrl: A } } },
    env: { SVC_BASE_URL: B },
  },
  {
    name: '--base-url over SVC_BASE_URL',
    config: { activeProfile: 'main', profiles: { main: { baseUrl: A } } },
    env: { SVC_BASE_URL: B },
    flags: ['--base-url', C],
  },
  {
    name: 'SVC_PROFILE names the profile',
    config: { activeProfile: 'main', profiles: { main: { baseUrl: A }, other: { baseUrl: B } } },
    env: { SVC_PROFILE: 'other' },
  },
];

/** The error's message without its hint, which differs from command to command. */
function reason(stderr: string): string {
  const { error } = JSON.parse(stderr) as { error: { message: string } };
  return error.message.replace(/ \(.*\)$/s, '');
}

/** The service a dry run would send to, or the error that says there is none. */
async function serviceOf(argv: string[], c: Case): Promise<string> {
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'config.json'), JSON.stringify(c.config), { mode: 0o600 });
  const env = { SVC_CONFIG_DIR: dir, ...c.env };
  const result = await runCli([...(c.flags ?? []), '--dry-run', '--json', ...argv], { env });
  if (result.code !== 0) return `exit ${result.code}: ${reason(result.stderr)}`;
  return new URL((JSON.parse(result.stdout) as { url: string }).url).origin;
}

describe('one service-URL rule', () => {
  it.each(cases)('workspace create and every other command agree: $name', async (c) => {
    const create = await serviceOf(
      ['workspace', 'create', '--email', 'ada@example.com', '--force'],
      c,
    );
    const other = await serviceOf(
      [
        'api',
        '/v2/workspace/create',
        '--auth',
        'none',
        '--data',
        '{"ownerEmail":"ada@example.com"}',
      ],
      c,
    );
    expect(create).toBe(other);
  });

  it('the answers are the precedence itself', async () => {
    const answers = await Promise.all(
      cases.map((c) =>
        serviceOf(['workspace', 'create', '--email', 'ada@example.com', '--force'], c),
      ),
    );
    expect(answers).toEqual([
      new URL(A).origin,
      'exit 2: no service URL is set',
      new URL(A).origin,
      new URL(B).origin,
      new URL(C).origin,
      new URL(B).origin,
    ]);
  });
});
