import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ jobDelay: 'manual' });

async function startPurge(user: string): Promise<string> {
  const r = await svc(['users', 'purge', '--user', user, '--yes', '--json'], emulator.env);
  expect(r.exitCode).toBe(0);
  return (JSON.parse(r.stdout) as { jobId: string }).jobId;
}

describe('users purge-status with an unknown job among known ones', () => {
  it('prints the jobs it found on stdout, names the unknown one on stderr, and exits 4', async () => {
    const job = await startPurge('bob');
    const r = await svc(['users', 'purge-status', '--job', `${job},nosuchjob`], emulator.env);
    expect(r.exitCode).toBe(4);
    expect(r.stdout.trim().split('\t')[0]).toBe(job);
    expect(r.stdout).not.toContain('nosuchjob');
    expect(r.stderr).toContain('no user-data deletion job named "nosuchjob"');
  });

  it('under --json, stdout is the list of the jobs found and stderr one error line', async () => {
    const job = await startPurge('carol');
    const r = await svc(
      ['users', 'purge-status', '--job', `nosuchjob,${job}`, '--json'],
      emulator.env,
    );
    expect(r.exitCode).toBe(4);
    const doc = JSON.parse(r.stdout) as { jobId: string; isDeleteCompleted: boolean }[];
    expect(doc).toEqual([expect.objectContaining({ jobId: job, isDeleteCompleted: false })]);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const error = JSON.parse(lines[0] ?? '') as { error: { message: string }; exitCode: number };
    expect(error.exitCode).toBe(4);
    expect(error.error.message).toContain('"nosuchjob"');
  });

  it('with only unknown jobs, stdout stays empty and every one is named', async () => {
    const r = await svc(['users', 'purge-status', '--job', 'nojob1,nojob2'], emulator.env);
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no user-data deletion jobs named "nojob1", "nojob2"');
  });
});
