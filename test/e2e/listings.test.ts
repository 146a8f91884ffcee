import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator();

describe('documents asked for by id that do not exist', () => {
  it('are NOT_FOUND, exit 4, as permissions get reports them', async () => {
    const r = await svc(['docs', 'list', '--org', 'acme', '--doc', 'nosuch'], emulator.env);
    expect(r.stderr).toBe('error: NOT_FOUND: Document nosuch does not exist in organization acme.');
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe('');
  });

  it('are all named on stderr, and stdout holds the ones found', async () => {
    const r = await svc(
      ['docs', 'list', '--org', 'acme', '--doc', 'welcome,nosuch', '--doc', 'gone', '--json'],
      emulator.env,
    );
    expect(JSON.parse(r.stderr)).toEqual({
      error: {
        status: 'NOT_FOUND',
        message: 'Documents nosuch, gone do not exist in organization acme.',
      },
      exitCode: 4,
    });
    expect(r.exitCode).toBe(4);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((d) => d.id)).toEqual(['welcome']);
  });

  it('leave a listing of ids that all exist as it was', async () => {
    const r = await svc(['docs', 'list', '--org', 'acme', '--doc', 'welcome'], emulator.env);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^welcome\t/);
  });
});

describe('an empty listing', () => {
  it.each([
    ['docs', 'documents'],
    ['folders', 'folders'],
  ])(
    'of %s says so on a terminal, and that the organization may not exist',
    async (group, what) => {
      const term = svcInTerminal([group, 'list', '--org', 'acmee'], emulator.env);
      expect(await term.exited).toBe(0);
      expect(term.screen().replace(/\n/g, '')).toContain(
        `No ${what} in organization acmee (or no such organization: the service does not tell them apart).`,
      );
    },
  );

  it('is silent on a pipe and empty under --json', async () => {
    const piped = await svc(['docs', 'list', '--org', 'acmee'], emulator.env);
    expect(piped).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    const json = await svc(['docs', 'list', '--org', 'acmee', '--json'], emulator.env);
    expect(json).toMatchObject({ exitCode: 0, stdout: '[]', stderr: '' });
  });
});
