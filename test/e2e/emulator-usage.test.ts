import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv, SVC, svc } from '../support/e2e.js';

const fixture = new URL('../../examples/fixtures/basic.json', import.meta.url).pathname;

describe('svc emulator exec without --', () => {
  it('suggests the line with --, and the suggestion works when pasted', async () => {
    const r = await svc(['emulator', 'exec', 'sh', '-c', 'exit 3'], cleanEnv());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("unknown option '-c'");
    const hint = /put -- before the command to run: (svc .*)$/m.exec(r.stderr)?.[1];
    expect(hint).toBe("svc emulator exec -- sh -c 'exit 3'");

    // Pasted into a shell, with svc being this build.
    const pasted = await execa('sh', ['-c', (hint ?? '').replace(/^svc /, `"${SVC}" `)], {
      env: cleanEnv(),
      extendEnv: false,
      reject: false,
    });
    expect(pasted.exitCode).toBe(3);
  });

  it('keeps the options given before the command, quoted for the shell', async () => {
    const r = await svc(
      ['emulator', 'exec', '--no-workspace', 'sh', '-c', "echo it's"],
      cleanEnv(),
    );
    expect(r.stderr).toContain(
      `put -- before the command to run: svc emulator exec --no-workspace -- sh -c 'echo it'\\''s'`,
    );
  });

  it('still suggests the nearest option for a misspelled option of its own', async () => {
    const r = await svc(['emulator', 'exec', '--no-workspce', '--', 'true'], cleanEnv());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('Did you mean --no-workspace?');
    expect(r.stderr).not.toContain('put --');
  });
});

describe('a restart with both --seed and --data-dir', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('says the seed was applied over the stored state, and what won', async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-restart-'));
    const args = ['emulator', 'exec', '--data-dir', dir, '--seed', fixture, '--', 'true'];
    const first = await svc(args, cleanEnv());
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('applied over');

    const second = await svc(args, cleanEnv());
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).toContain(
      `--seed ${fixture} was applied over the state kept in --data-dir ${dir}: ` +
        "the seed's organizations, console options and AI keys replaced the stored ones; " +
        'everything else stored was kept',
    );
  });
});

describe('AI provider URLs', () => {
  it('refuses plain http to another machine, from a flag or the environment, unless --insecure', async () => {
    const flag = await svc(
      [
        'emulator',
        'exec',
        '--no-workspace',
        '--openai-url',
        'http://ai.example.invalid',
        '--',
        'true',
      ],
      cleanEnv(),
    );
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain('http://ai.example.invalid is plain http to another machine');
    expect(flag.stderr).toContain('--insecure');

    const fromEnv = await svc(
      ['emulator', 'exec', '--no-workspace', '--', 'true'],
      cleanEnv({ SVC_EMULATOR_ANTHROPIC_URL: 'http://ai.example.invalid' }),
    );
    expect(fromEnv.exitCode).toBe(2);
    expect(fromEnv.stderr).toContain('SVC_EMULATOR_ANTHROPIC_URL');

    const insecure = await svc(
      ['--insecure', 'emulator', 'exec', '--no-workspace', '--', 'true'],
      cleanEnv({ SVC_EMULATOR_ANTHROPIC_URL: 'http://ai.example.invalid' }),
    );
    expect(insecure.exitCode).toBe(0);
  });

  it('says where rewrites go when a URL comes from the environment', async () => {
    const r = await svc(
      ['emulator', 'exec', '--no-workspace', '--', 'true'],
      cleanEnv({ SVC_EMULATOR_GOOGLE_URL: 'https://gemini.example.invalid' }),
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(
      'AI rewrite with google keys goes to https://gemini.example.invalid, from SVC_EMULATOR_GOOGLE_URL',
    );
    const quiet = await svc(
      [
        'emulator',
        'exec',
        '--no-workspace',
        '--google-url',
        'https://other.example.invalid',
        '--',
        'true',
      ],
      cleanEnv({ SVC_EMULATOR_GOOGLE_URL: 'https://gemini.example.invalid' }),
    );
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stderr).not.toContain('AI rewrite');
  });
});

describe('--data-dir', () => {
  it('refuses a shared sticky folder as a usage error, and leaves its mode alone', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'svc-shared-'));
    try {
      chmodSync(shared, 0o1777);
      const r = await svc(
        ['emulator', 'exec', '--no-workspace', '--data-dir', shared, '--', 'true'],
        cleanEnv(),
      );
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`the data directory ${shared} is shared (mode 1777)`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe("the emulator's SQLite", () => {
  it('keeps state in memory and on disk without a word about experimental features', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-sqlite-e2e-'));
    try {
      for (const args of [[], ['--data-dir', dataDir]]) {
        const r = await svc(
          ['emulator', 'exec', ...args, '--', 'sh', '-c', '"$SVC" docs list --org o --json'],
          cleanEnv({ SVC }),
        );
        expect(r.exitCode).toBe(0);
        expect(r.stdout.trim()).toBe('[]');
        expect(r.stderr).not.toMatch(/ExperimentalWarning|experimental feature/);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
