import { statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { ENABLE_SENDGRID } from '../support/email-config.js';
import { useEmulator } from '../support/seeded-emulator.js';

const PROVIDER_KEY = 'SG.provider-key-that-must-not-show-7319';
const REDACTED = '[redacted]';

const emulator = useEmulator();
let env: Record<string, string>;

beforeAll(async () => {
  const ws = emulator.workspace;
  // The secrets live in a profile, as after `svc auth login`, not in the environment.
  env = cleanEnv({ SVC_BASE_URL: emulator.url, SVC_PROFILE: 'seeded' });
  const login = await svc(
    [
      'auth',
      'login',
      '--api-key',
      ws.apiKey,
      '--workspace-id',
      ws.workspaceId,
      '--with-token',
      '--with-workspace-token',
    ],
    env,
    `${ws.authToken}\n${ws.workspaceToken}\n`,
  );
  expect(login.exitCode, login.stderr).toBe(0);
});

describe('secrets in what svc prints', () => {
  it('no output shows the auth token, the workspace token or an email provider key', async () => {
    const { authToken, workspaceToken } = emulator.workspace;
    const secrets = { authToken, workspaceToken, PROVIDER_KEY };
    const wrongKey = { ...env, SVC_API_KEY: 'not-this-workspaces-key' };
    const runs: [string, ReturnType<typeof svc>, { stdout?: false; exitCode: number }][] = [
      [
        'a call with --debug',
        svc(['docs', 'list', '--org', 'acme', '--debug'], env),
        { exitCode: 0 },
      ],
      // Its stdout lists the tokens, masked without --show-tokens; its trace never has them.
      ['workspace tokens --debug', svc(['workspace', 'tokens', '--debug'], env), { exitCode: 0 }],
      [
        'email-config --debug',
        svc([...ENABLE_SENDGRID, '--debug'], env, `${PROVIDER_KEY}\n`),
        { exitCode: 0 },
      ],
      [
        'email-config --dry-run',
        svc([...ENABLE_SENDGRID, '--dry-run'], env, `${PROVIDER_KEY}\n`),
        { exitCode: 0 },
      ],
      [
        'folders add --dry-run',
        svc(['folders', 'add', '--org', 'acme', '--id', 'f', '--name', 'F', '--dry-run'], env),
        { exitCode: 0 },
      ],
      [
        'a refused call with --debug',
        svc([...ENABLE_SENDGRID, '--debug'], wrongKey, `${PROVIDER_KEY}\n`),
        { exitCode: 3 },
      ],
      [
        'a refused call with --json',
        svc([...ENABLE_SENDGRID, '--json'], wrongKey, `${PROVIDER_KEY}\n`),
        { exitCode: 3 },
      ],
      ['profile show', svc(['profile', 'show'], env), { exitCode: 0 }],
      ['profile show --json', svc(['profile', 'show', '--json'], env), { exitCode: 0 }],
      ['profile list --json', svc(['profile', 'list', '--json'], env), { exitCode: 0 }],
      ['auth status', svc(['auth', 'status'], env), { exitCode: 0 }],
    ];

    let checked = 0;
    for (const [label, run, expected] of runs) {
      const r = await run;
      expect(r.exitCode, `${label}: ${r.stderr}`).toBe(expected.exitCode);
      const outputs = { stderr: r.stderr, ...(expected.stdout !== false && { stdout: r.stdout }) };
      for (const [stream, text] of Object.entries(outputs)) {
        for (const [name, secret] of Object.entries(secrets)) {
          expect(text, `${name} in the ${stream} of ${label}`).not.toContain(secret);
        }
        checked++;
      }
    }

    // The secrets were there to hide: the traces and dry runs show where they were taken out.
    const [debug, , withKey, dryRun] = await Promise.all(runs.map(([, run]) => run));
    expect(debug?.stderr).toContain(`x-service-auth-token: ${REDACTED}`);
    expect(withKey?.stderr).toContain(`"apiKey":"${REDACTED}"`);
    expect(dryRun?.stdout).toContain(REDACTED);

    const config = join(env.SVC_CONFIG_DIR ?? '', 'config.json');
    const mode = statSync(config).mode & 0o777;
    expect(mode).toBe(0o600);
    console.log(
      `redaction: ${checked} outputs of ${runs.length} runs checked for 3 secrets, none shown; ` +
        `config.json mode ${mode.toString(8).padStart(4, '0')}`,
    );
  }, 60_000);
});
