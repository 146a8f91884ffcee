import { describe, expect, it } from 'vitest';
import { adminFetch, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/** Every deletion request is carried out, and then its connection closed without an answer. */
const emulator = useEmulator({
  jobDelay: 'manual',
  faults: { rules: [{ path: '/v1/users/data/delete', fault: 'drop-after', probability: 1 }] },
});

describe('users purge whose answer was lost', () => {
  it('says how to find the job it may have started before suggesting a second purge', async () => {
    const r = await svc(
      ['users', 'purge', '--user', 'alice', '--org', 'acme', '--yes'],
      emulator.env,
    );
    expect(r.exitCode).toBe(75);
    expect(r.stderr).toContain('may or may not have been applied');

    // The job did start: a second purge would be a second job.
    const res = await adminFetch(emulator, '/_emulator/jobs');
    const { jobs } = (await res.json()) as { jobs: { kind: string }[] };
    expect(jobs.filter((j) => j.kind === 'deletion')).toHaveLength(1);

    const lines = r.stderr.split('\n');
    const findIt = lines.findIndex((l) => l.includes('look for that job first'));
    const again = lines.findIndex((l) => l.includes('svc users purge --user alice'));
    expect(findIt).toBeGreaterThanOrEqual(0);
    expect(lines[findIt]).toContain('/_emulator/jobs');
    expect(lines[findIt]).toContain('svc users purge-status --job');
    expect(r.stderr).toContain('may have started a job whose id never arrived');
    // A new purge comes only after, and only for the case where no job started.
    expect(again).toBeGreaterThan(findIt);
    expect(lines[again]).toContain('only if no job was started');
  });
});
