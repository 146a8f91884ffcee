import { describe, expect, it } from 'vitest';
import { adminFetch } from '../support/e2e.js';
import { KEY, svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ jobDelay: 'manual' });

async function purgeJobs(): Promise<unknown[]> {
  const res = await adminFetch(emulator, '/_emulator/jobs');
  const { jobs } = (await res.json()) as { jobs: { kind: string }[] };
  return jobs.filter((job) => job.kind !== 'migration');
}

describe('users purge --file - with stdin at a terminal', () => {
  it('says how to end the ids, then asks on the terminal after Ctrl-D, and sends on yes', async () => {
    const term = svcInTerminal(['users', 'purge', '--file', '-'], emulator.env, {
      cols: 60,
      rows: 24,
    });
    await term.waitFor('Ctrl-D');
    expect(term.screen()).toContain('Reading user ids from stdin');
    term.type(`bob${KEY.enter}`);
    term.type(KEY.ctrlD);
    await term.waitFor('Delete all data of 1 user (bob)');
    term.type(`y${KEY.enter}`);
    expect(await term.exited).toBe(0);
    expect(term.screen()).not.toContain('cancelled');
    expect(await purgeJobs()).toHaveLength(1);
  });

  it('a "no" at the terminal sends nothing and exits 2', async () => {
    const before = (await purgeJobs()).length;
    const term = svcInTerminal(['users', 'purge', '--file', '-'], emulator.env, {
      cols: 60,
      rows: 24,
    });
    await term.waitFor('Ctrl-D');
    term.type(`carol${KEY.enter}`);
    term.type(KEY.ctrlD);
    await term.waitFor('Delete all data of 1 user (carol)');
    term.type(`n${KEY.enter}`);
    expect(await term.exited).toBe(2);
    expect(term.screen()).toContain('not confirmed: nothing was sent');
    expect(await purgeJobs()).toHaveLength(before);
  });
});
