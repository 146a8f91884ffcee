import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, SVC, startEmulator, svc, type Emulator } from '../support/e2e.js';

const fixturePath = new URL('../../examples/fixtures/basic.json', import.meta.url).pathname;

interface Job {
  id: string;
  kind: string;
  status: string;
}

async function admin<T>(emulator: Emulator, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emulator.url}/_emulator/${path}`, {
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

/** Waits for the newest job of a kind to appear, without sleeping more than a poll. */
async function newJob(emulator: Emulator, kind: string, known: Set<string>): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const job = (await jobs(emulator)).find((j) => j.kind === kind && !known.has(j.id));
    if (job) return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no new ${kind} job appeared`);
}

async function credentialsFor(emulator: Emulator): Promise<Record<string, string>> {
  const { workspaces } = await admin<{
    workspaces: { ownerEmail: string; apiKey: string; authToken: string }[];
  }>(emulator, 'seed', JSON.parse(readFileSync(fixturePath, 'utf8')));
  const owner = workspaces.find((w) => w.ownerEmail === 'owner@example.com');
  return cleanEnv({
    SVC_BASE_URL: emulator.url,
    SVC_API_KEY: owner?.apiKey ?? '',
    SVC_AUTH_TOKEN: owner?.authToken ?? '',
  });
}

let emulator: Emulator;
let env: Record<string, string>;
const seen = new Set<string>();

beforeAll(async () => {
  emulator = await startEmulator(['--job-delay', 'manual']);
  env = await credentialsFor(emulator);
});
afterAll(async () => {
  await emulator.stop();
});

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
      env,
    );
    const job = await newJob(emulator, 'migration', seen);
    seen.add(job.id);
    await admin(emulator, 'jobs/run', { id: job.id });
    const r = await run;
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ migrationId: job.id, status: 'completed' });

    const moved = await svc(['docs', 'list', '--org', 'acme', '--doc', 'notes-v2', '--json'], env);
    expect((JSON.parse(moved.stdout) as { id: string }[]).map((d) => d.id)).toEqual(['notes-v2']);
    const old = await svc(['docs', 'list', '--org', 'acme', '--doc', 'notes'], env);
    expect(old.exitCode).toBe(4);
  });

  it('exits 6 when the migration fails (the new id is taken)', async () => {
    const run = svc(
      ['docs', 'migrate', '--org', 'acme', '--doc', 'plan', '--to', 'welcome', '--wait', '--json'],
      env,
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
      env,
    );
    expect(r.exitCode).toBe(7);
    const [id, status] = r.stdout.trim().split('\t');
    expect(status).toBe('pending');
    expect(r.stderr).toContain(`svc docs migration-status --org acme --id ${id} --wait`);
    if (id) seen.add(id);
  });

  it('under --json, Ctrl-C leaves one JSON error line that names the resume command', async () => {
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
      { env, extendEnv: false, reject: false, stdin: 'ignore' },
    );
    const job = await newJob(emulator, 'migration', seen);
    seen.add(job.id);
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(r.stdout).toBe('');
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
        env,
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
      env,
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
    const r = await svc(['users', 'purge', '--user', 'alice'], env);
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
      env,
    );
    expect(JSON.parse(before.stdout).alice.documents.plan.errorCode).toBeUndefined();

    const run = svc(
      ['users', 'purge', '--file', '-', '--yes', '--wait', '--json'],
      env,
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
      env,
    );
    const perms = JSON.parse(after.stdout);
    expect(perms.alice.documents.plan.errorCode).toBe('permission_denied');
    expect(perms.dave.documents.plan.errorCode).toBe('permission_denied');
  });

  it('prints the job without --wait, and purge-status reads it', async () => {
    const r = await svc(['users', 'purge', '--user', 'bob', '--yes', '--json'], env);
    expect(r.exitCode).toBe(0);
    const doc = JSON.parse(r.stdout) as { jobId: string; tasksCount: number };
    expect(doc.tasksCount).toBeGreaterThan(0);
    seen.add(doc.jobId);
    const status = await svc(['users', 'purge-status', '--job', doc.jobId, '--json'], env);
    expect(JSON.parse(status.stdout)).toMatchObject({
      isDeleteCompleted: false,
      tasksLeft: doc.tasksCount,
    });
  });
});

describe('a restarted emulator', () => {
  it('resumes a pending job from its data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-jobs-'));
    const first = await startEmulator(['--data-dir', dataDir, '--job-delay', 'manual']);
    const firstEnv = await credentialsFor(first);
    const started = await svc(
      ['docs', 'migrate', '--org', 'acme', '--doc', 'notes', '--to', 'notes-moved', '--json'],
      firstEnv,
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
        { ...firstEnv, SVC_BASE_URL: second.url },
      );
      expect(r.exitCode).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ migrationId, status: 'completed' });
    } finally {
      await second.stop();
    }
  });
});
