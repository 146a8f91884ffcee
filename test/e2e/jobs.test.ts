import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { POLL } from '../../src/cli/wait.js';
import {
  adminFetch,
  pasteInShell,
  SVC,
  startEmulator,
  svc,
  type Emulator,
} from '../support/e2e.js';
import { useEmulator, startSeededEmulator } from '../support/seeded-emulator.js';

interface Job {
  id: string;
  kind: string;
  status: string;
}

async function admin<T>(emulator: Emulator, path: string, body?: unknown): Promise<T> {
  const res = await adminFetch(emulator, `/_emulator/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as T;
}

async function jobs(emulator: Emulator): Promise<Job[]> {
  return (await admin<{ jobs: Job[] }>(emulator, 'jobs')).jobs;
}

/** Waits for `count` new jobs of a kind to appear, without sleeping more than a poll. */
async function newJobs(
  emulator: Emulator,
  kind: string,
  known: Set<string>,
  count: number,
): Promise<Job[]> {
  for (let i = 0; i < 200; i++) {
    const found = (await jobs(emulator)).filter((j) => j.kind === kind && !known.has(j.id));
    if (found.length >= count) {
      for (const job of found) known.add(job.id);
      return found;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${count} new ${kind} jobs appeared`);
}

async function newJob(emulator: Emulator, kind: string, known: Set<string>): Promise<Job> {
  const [job] = await newJobs(emulator, kind, new Set(known), 1);
  if (!job) throw new Error(`no new ${kind} job appeared`);
  return job;
}

const emulator = useEmulator({ jobDelay: 'manual' });
const seen = new Set<string>();

describe('docs migrate --wait', () => {
  it('exits 0 when the migration completes, and the document has moved', async () => {
    const run = svc(
      [
        'docs',
        'migrate',
        '--org',
        'acme',
        '--doc',
        'notes',
        '--to',
        'notes-v2',
        '--wait',
        '--json',
      ],
      emulator.env,
    );
    const job = await newJob(emulator, 'migration', seen);
    seen.add(job.id);
    await admin(emulator, 'jobs/run', { id: job.id });
    const r = await run;
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ migrationId: job.id, status: 'completed' });

    const moved = await svc(
      ['docs', 'list', '--org', 'acme', '--doc', 'notes-v2', '--json'],
      emulator.env,
    );
    expect((JSON.parse(moved.stdout) as { id: string }[]).map((d) => d.id)).toEqual(['notes-v2']);
    const old = await svc(['docs', 'list', '--org', 'acme', '--doc', 'notes'], emulator.env);
    expect(old.exitCode).toBe(4);
  });

  it('exits 6 when the migration fails (the new id is taken)', async () => {
    const run = svc(
      ['docs', 'migrate', '--org', 'acme', '--doc', 'plan', '--to', 'welcome', '--wait', '--json'],
      emulator.env,
    );
    const job = await newJob(emulator, 'migration', seen);
    seen.add(job.id);
    await admin(emulator, 'jobs/run', { id: job.id });
    const r = await run;
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toEqual({ migrationId: job.id, status: 'failed' });
    expect(JSON.parse(r.stderr)).toMatchObject({ exitCode: 6 });
  });

  it('exits 7 when --wait-timeout passes, with the last status and how to resume', async () => {
    const r = await svc(
      [
        'docs',
        'migrate',
        '--org',
        'acme',
        '--doc',
        'contract',
        '--to',
        'contract-v2',
        '--wait',
        '--wait-timeout',
        '700ms',
      ],
      emulator.env,
    );
    expect(r.exitCode).toBe(7);
    const [id, status] = r.stdout.trim().split('\t');
    expect(status).toBe('pending');
    expect(r.stderr).toContain(`svc docs migration-status --org acme --id ${id} --wait`);
    if (id) seen.add(id);
  });

  it('under --json, Ctrl-C prints the migration id and one JSON error line that names the resume command', async () => {
    const child = execa(
      SVC,
      [
        'docs',
        'migrate',
        '--org',
        'acme',
        '--doc',
        'roadmap',
        '--to',
        'roadmap-v2',
        '--wait',
        '--json',
      ],
      { env: emulator.env, extendEnv: false, reject: false, stdin: 'ignore' },
    );
    const job = await newJob(emulator, 'migration', seen);
    seen.add(job.id);
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    // The migration's id is the document: a script needs it to resume.
    expect(JSON.parse(r.stdout)).toEqual({ migrationId: job.id });
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const line = JSON.parse(r.stderr) as { error: { status: string; message: string } };
    expect(line.error.status).toBe('CANCELLED');
    expect(line.error.message).toContain(
      `svc docs migration-status --org acme --id ${job.id} --wait`,
    );
    await admin(emulator, 'jobs/run', { id: job.id });
  });

  it('exits 130 on Ctrl-C and prints the command that resumes the wait', async () => {
    const child = execa(
      SVC,
      ['docs', 'migrate', '--org', 'acme', '--doc', 'staff-list', '--to', 'staff-v2', '--wait'],
      {
        env: emulator.env,
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      },
    );
    const job = await newJob(emulator, 'migration', seen);
    seen.add(job.id);
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(r.stderr).toContain(`svc docs migration-status --org acme --id ${job.id} --wait`);

    // The resumed wait picks it up.
    const resumed = svc(
      ['docs', 'migration-status', '--org', 'acme', '--id', job.id, '--wait', '--json'],
      emulator.env,
    );
    await admin(emulator, 'jobs/run', { id: job.id });
    expect(JSON.parse((await resumed).stdout)).toEqual({
      migrationId: job.id,
      status: 'completed',
    });
  });
});

describe('users purge', () => {
  it('refuses without --yes when it cannot prompt, and sends nothing', async () => {
    const before = (await jobs(emulator)).filter((j) => j.kind === 'deletion').length;
    const journal = await admin<{ entries: { operation?: string }[] }>(emulator, 'journal');
    const r = await svc(['users', 'purge', '--user', 'alice'], emulator.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--yes');
    const after = await admin<{ entries: { operation?: string }[] }>(emulator, 'journal');
    expect(after.entries.filter((e) => e.operation === 'users.purge')).toHaveLength(
      journal.entries.filter((e) => e.operation === 'users.purge').length,
    );
    expect((await jobs(emulator)).filter((j) => j.kind === 'deletion')).toHaveLength(before);
  });

  it("with --yes --wait deletes the users' data and exits 0; ids come from stdin", async () => {
    const before = await svc(
      ['permissions', 'get', '--org', 'acme', '--user', 'alice', '--doc', 'plan', '--json'],
      emulator.env,
    );
    expect(JSON.parse(before.stdout).alice.documents.plan.errorCode).toBeUndefined();

    const run = svc(
      ['users', 'purge', '--file', '-', '--yes', '--wait', '--json'],
      emulator.env,
      'alice\ndave\n',
    );
    const job = await newJob(emulator, 'deletion', seen);
    seen.add(job.id);
    await admin(emulator, 'jobs/run', { id: job.id });
    const r = await run;
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      jobId: job.id,
      isDeleteCompleted: true,
      tasksLeft: 0,
    });

    const after = await svc(
      ['permissions', 'get', '--org', 'acme', '--user', 'alice,dave', '--doc', 'plan', '--json'],
      emulator.env,
    );
    const perms = JSON.parse(after.stdout);
    expect(perms.alice.documents.plan.errorCode).toBe('permission_denied');
    expect(perms.dave.documents.plan.errorCode).toBe('permission_denied');
  });

  it('prints the job without --wait, and purge-status reads it', async () => {
    const r = await svc(['users', 'purge', '--user', 'bob', '--yes', '--json'], emulator.env);
    expect(r.exitCode).toBe(0);
    const doc = JSON.parse(r.stdout) as { jobId: string; tasksCount: number };
    expect(doc.tasksCount).toBeGreaterThan(0);
    seen.add(doc.jobId);
    const status = await svc(['users', 'purge-status', '--job', doc.jobId, '--json'], emulator.env);
    expect(JSON.parse(status.stdout)).toMatchObject({
      isDeleteCompleted: false,
      tasksLeft: doc.tasksCount,
    });
  });
});

describe('a purge that finds no data', () => {
  it('names the users it found nothing of, on stderr, as JSON under --json', async () => {
    // Without --org, a deletion has a task per organization where the users have data.
    const r = await svc(['users', 'purge', '--user', 'nobody,ghost', '--yes'], emulator.env);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(
      'warning: no data to delete for 2 users: nobody, ghost; check the ids',
    );
    const json = await svc(['users', 'purge', '--user', 'nobody', '--yes', '--json'], emulator.env);
    expect(json.exitCode).toBe(0);
    const lines = json.stderr.split('\n').filter((line) => line !== '');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        warning: {
          message: 'no data to delete for 1 user: nobody; check the ids',
        },
      },
    ]);
    // The tests after this one look for jobs they did not see before.
    for (const job of await jobs(emulator)) seen.add(job.id);
  });
});

describe('a restarted emulator', () => {
  it('resumes a pending job from its data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-jobs-'));
    const first = await startSeededEmulator({ dataDir, jobDelay: 'manual' });
    const started = await svc(
      ['docs', 'migrate', '--org', 'acme', '--doc', 'notes', '--to', 'notes-moved', '--json'],
      first.env,
    );
    const { migrationId } = JSON.parse(started.stdout) as { migrationId: string };
    await first.stop();

    const second = await startEmulator(['--data-dir', dataDir, '--job-delay', '20ms']);
    try {
      const r = await svc(
        [
          'docs',
          'migration-status',
          '--org',
          'acme',
          '--id',
          migrationId,
          '--wait',
          '--wait-timeout',
          '10s',
          '--json',
        ],
        { ...first.env, SVC_BASE_URL: second.url },
      );
      expect(r.exitCode).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ migrationId, status: 'completed' });
    } finally {
      await second.stop();
    }
  });
});

/** Operations the emulator has answered so far, by catalogue name. */
async function answered(operation: string): Promise<number> {
  const { entries } = await admin<{ entries: { operation?: string }[] }>(emulator, 'journal');
  return entries.filter((e) => e.operation === operation).length;
}

interface ErrorLine {
  error: { status: string; message: string };
  exitCode: number;
}

describe('a job that fails says why', () => {
  it('docs migrate --wait on a missing document exits 6 with the reason', async () => {
    const args = ['docs', 'migrate', '--org', 'acme', '--doc', 'nosuch', '--to', 'nosuch-2'];
    const reason = 'Document nosuch does not exist in organization acme.';
    for (const json of [true, false]) {
      const run = svc([...args, '--wait', ...(json ? ['--json'] : [])], emulator.env);
      const job = await newJob(emulator, 'migration', seen);
      seen.add(job.id);
      await admin(emulator, 'jobs/run', { id: job.id });
      const r = await run;
      expect(r.exitCode).toBe(6);
      if (json) {
        expect(JSON.parse(r.stdout)).toEqual({ migrationId: job.id, status: 'failed' });
        const line = JSON.parse(r.stderr) as ErrorLine;
        expect(line).toMatchObject({ exitCode: 6, error: { status: 'FAILED' } });
        expect(line.error.message).toBe(`migration ${job.id} failed: ${reason}`);
      } else {
        expect(r.stderr).toContain(`error: migration ${job.id} failed: ${reason}`);
      }
    }
  });

  it('a failed deletion ends users purge --wait with exit 6 within one poll interval', async () => {
    const run = svc(
      ['users', 'purge', '--user', 'carol', '--org', 'acme', '--yes', '--wait', '--json'],
      emulator.env,
    );
    const job = await newJob(emulator, 'deletion', seen);
    seen.add(job.id);
    // Let the wait settle into its slowest polling before the job fails.
    await new Promise((r) => setTimeout(r, POLL.ceilingMs));
    const failedAt = Date.now();
    await admin(emulator, 'jobs/fail', { id: job.id, reason: 'Disk full.' });
    const r = await run;
    expect(Date.now() - failedAt).toBeLessThan(POLL.ceilingMs + 1_000);
    expect(r.exitCode).toBe(6);
    const line = JSON.parse(r.stderr) as ErrorLine;
    expect(line.error.status).toBe('FAILED');
    expect(line.error.message).toBe(`user-data deletion ${job.id} failed: Disk full.`);
    expect(JSON.parse(r.stdout)).toMatchObject({
      jobId: job.id,
      tasksCount: 1,
      failure: `user-data deletion ${job.id} failed: Disk full.`,
    });

    const status = await svc(['users', 'purge-status', '--job', job.id], emulator.env);
    expect(status.exitCode).toBe(6);
    expect(status.stderr).toContain(`error: user-data deletion ${job.id} failed: Disk full.`);
  });
});

describe('a purge of more than 100 users', () => {
  const many = Array.from({ length: 150 }, (_, i) => `user-${i}`).join(',');

  it('on --wait-timeout lists every job, and names one command that follows them all', async () => {
    const r = await svc(
      [
        'users',
        'purge',
        '--user',
        many,
        '--org',
        'acme',
        '--yes',
        '--wait-timeout',
        '300ms',
        '--json',
      ],
      emulator.env,
    );
    expect(r.exitCode).toBe(7);
    const listed = JSON.parse(r.stdout) as { jobId: string; tasksCount: number }[];
    expect(listed).toHaveLength(2);
    const ids = listed.map((j) => j.jobId);
    for (const id of ids) seen.add(id);
    const follow = `svc users purge-status --job ${ids.join(',')} --wait`;
    expect((JSON.parse(r.stderr) as ErrorLine).error.message).toContain(follow);

    await admin(emulator, 'jobs/run', {});
    const resumed = await pasteInShell(`${follow} --json`, emulator.env);
    expect(resumed.exitCode).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject([
      { jobId: ids[0], isDeleteCompleted: true },
      { jobId: ids[1], isDeleteCompleted: true },
    ]);
  });

  it('on SIGTERM exits 143 and reports every job with how to follow them', async () => {
    const child = execa(
      SVC,
      ['users', 'purge', '--user', many, '--org', 'acme', '--yes', '--wait', '--json'],
      { env: emulator.env, extendEnv: false, reject: false, stdin: 'ignore' },
    );
    const started = await newJobs(emulator, 'deletion', seen, 2);
    child.kill('SIGTERM');
    const r = await child;
    expect(r.exitCode).toBe(143);
    const ids = (JSON.parse(r.stdout) as { jobId: string }[]).map((j) => j.jobId);
    expect(ids.sort()).toEqual(started.map((j) => j.id).sort());
    const line = JSON.parse(r.stderr) as ErrorLine;
    expect(line.exitCode).toBe(143);
    expect(line.error.message).toMatch(/svc users purge-status --job [\w-]+,[\w-]+ --wait/);
    await admin(emulator, 'jobs/run', {});
  });
});

describe('--wait-timeout', () => {
  it('is checked before the migration starts', async () => {
    const before = await answered('documents.migrate');
    const args = 'docs migrate --org acme --doc notes-v2 --to n3 --wait --wait-timeout bogus';
    const r = await svc(args.split(' '), emulator.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('invalid duration for --wait-timeout: "bogus"');
    expect(await answered('documents.migrate')).toBe(before);
  });

  it('--timeout beyond the bounds is refused, with no Node timer warning', async () => {
    const r = await svc(['docs', 'list', '--org', 'acme', '--timeout', '99999h'], emulator.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('invalid duration for --timeout: "99999h"');
    expect(r.stderr).toContain('from 1ms to 168h');
    expect(r.stderr).not.toContain('TimeoutOverflowWarning');
  });

  it('without --wait still waits, rather than being ignored', async () => {
    const started = await svc(
      ['docs', 'migrate', '--org', 'acme', '--doc', 'welcome', '--to', 'welcome-2', '--json'],
      emulator.env,
    );
    const { migrationId } = JSON.parse(started.stdout) as { migrationId: string };
    seen.add(migrationId);
    const r = await svc(
      ['docs', 'migration-status', '--org', 'acme', '--id', migrationId, '--wait-timeout', '300ms'],
      emulator.env,
    );
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('still not finished after 300ms');
    await admin(emulator, 'jobs/run', { id: migrationId });
  });
});
