import { describe, expect, it } from 'vitest';
import { adminFetch } from '../support/e2e.js';
import { KEY, svcInTerminal, type Terminal, type TerminalOptions } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ jobDelay: 'manual' });

async function admin(path: string, body: unknown): Promise<{ jobs: { id: string }[] }> {
  const res = await adminFetch(emulator, `/_emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { jobs: { id: string }[] };
}

/** Documents of the fixture, one for each migration, so that each can complete. */
const documents = ['welcome', 'staff-list', 'plan', 'roadmap', 'notes', 'contract', 'archived'];

/** Starts `docs migrate --wait` of a fresh document in a terminal; resolves once it waits. */
async function waitingMigration(
  options: TerminalOptions,
  extraEnv: Record<string, string> = {},
): Promise<{ term: Terminal; resume: string }> {
  const doc = documents.shift();
  if (!doc) throw new Error('out of fixture documents');
  const term = svcInTerminal(
    ['docs', 'migrate', '--org', 'acme', '--doc', doc, '--to', `${doc}-moved`, '--wait'],
    { ...emulator.env, ...extraEnv },
    options,
  );
  let id: string | undefined;
  for (let i = 0; i < 200 && !id; i++) {
    const res = await adminFetch(emulator, '/_emulator/jobs');
    const { jobs } = (await res.json()) as {
      jobs: { id: string; spec: { documentId?: string } }[];
    };
    id = jobs.find((job) => job.spec.documentId === doc)?.id;
    if (!id) await new Promise((r) => setTimeout(r, 25));
  }
  if (!id) throw new Error(`no migration of ${doc} started; screen:\n${term.screen()}`);
  // A few polls, so that the spinner has drawn frames at this size.
  await new Promise((r) => setTimeout(r, 400));
  return { term, resume: `svc docs migration-status --org acme --id ${id} --wait` };
}

/**
 * The exit code, or a failure naming what the terminal showed when svc did not end (it is
 * then killed, so that a hung svc does not outlive the test).
 */
function exitWithin(term: Terminal, ms: number): Promise<number> {
  return Promise.race([
    term.exited,
    new Promise<number>((_, reject) =>
      setTimeout(() => {
        const screen = term.screen();
        term.signal('SIGKILL');
        reject(new Error(`svc did not end; screen:\n${screen}`));
      }, ms),
    ),
  ]);
}

/** How many migration status reads the emulator has answered. */
async function statusPolls(): Promise<number> {
  const res = await adminFetch(emulator, '/_emulator/journal');
  const { entries } = (await res.json()) as { entries: { operation?: string }[] };
  return entries.filter((e) => e.operation === 'documents.migrationStatus').length;
}

describe('a wait in a terminal of size 0×0', () => {
  it('ends on SIGTERM with exit 143 and the command that resumes it', async () => {
    const { term, resume } = await waitingMigration({ cols: 0, rows: 0 });
    term.signal('SIGTERM');
    expect(await exitWithin(term, 5_000)).toBe(143);
    expect(term.screen()).toContain(`resume waiting with: ${resume}`);
  });

  it('ends on Ctrl-C with exit 130 and the command that resumes it', async () => {
    const { term, resume } = await waitingMigration({ cols: 0, rows: 0 });
    term.type(KEY.ctrlC);
    expect(await exitWithin(term, 5_000)).toBe(130);
    expect(term.screen()).toContain(`resume waiting with: ${resume}`);
  });
});

describe('progress output', () => {
  it('survives resizes from 0×0, and the wait ends when the job does', async () => {
    const { term } = await waitingMigration({ cols: 0, rows: 0 });
    term.resize(80, 24);
    await new Promise((r) => setTimeout(r, 300));
    term.resize(0, 0);
    await new Promise((r) => setTimeout(r, 300));
    term.resize(1, 1);
    await new Promise((r) => setTimeout(r, 300));
    await admin('jobs/run', {});
    expect(await exitWithin(term, 5_000)).toBe(0);
  });

  it('survives a closed terminal: the wait goes on and ends when the job does', async () => {
    const { term } = await waitingMigration({ cols: 80, rows: 24, detached: true });
    term.close();
    // Still polling after its terminal is gone, then done once the job is.
    const polls = await statusPolls();
    await new Promise((r) => setTimeout(r, 600));
    expect(await statusPolls()).toBeGreaterThan(polls);
    await admin('jobs/run', {});
    await new Promise((r) => setTimeout(r, 600));
    const settled = await statusPolls();
    await new Promise((r) => setTimeout(r, 600));
    expect(await statusPolls()).toBe(settled);
  });

  it.each([
    ['TERM=dumb', { TERM: 'dumb' }],
    ['CI=true', { CI: 'true' }],
  ])('does not animate under %s: no cursor movement at all', async (_name, extra) => {
    const { term } = await waitingMigration({ cols: 80, rows: 24 }, extra);
    await admin('jobs/run', {});
    expect(await exitWithin(term, 5_000)).toBe(0);
    expect(term.raw()).not.toContain('\x1b[');
    expect(term.screen()).toContain('waiting for it to end');
  });

  it('animates without colour under NO_COLOR', async () => {
    const { term } = await waitingMigration({ cols: 80, rows: 24 }, { NO_COLOR: '1' });
    // The spinner draws its text on its next frame, not when a poll changes it: on a loaded
    // machine the job could otherwise end before any frame showed the migration's state.
    await term.waitFor('Migration');
    await admin('jobs/run', {});
    expect(await exitWithin(term, 5_000)).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(term.raw()).not.toMatch(/\x1b\[(\d+;)*3\d(;\d+)*m/);
  });
});
