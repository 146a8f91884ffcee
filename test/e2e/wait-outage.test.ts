import { execa, type ResultPromise } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { adminFetch, type Emulator, SVC } from '../support/e2e.js';
import { startSeededEmulator, type SeededEmulator } from '../support/seeded-emulator.js';

/**
 * A wait through an outage: the emulator is stopped with a real signal while svc waits for
 * a job, with no terminal. The wait must not go on in silence and then report a timeout.
 */

const STATUS_PATHS = {
  migration: '/v2/organizations/documents/migrate/status',
  deletion: '/v2/users/data/delete/status',
};

let emulator: SeededEmulator | undefined;
afterEach(async () => {
  emulator?.process.kill('SIGKILL');
  await emulator?.process.catch(() => undefined);
  emulator = undefined;
});

async function setFaults(emulator: Emulator, plan: unknown): Promise<void> {
  const res = await adminFetch(emulator, '/_emulator/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(plan),
  });
  expect(res.status).toBe(200);
}

/** Collects a child's stderr and resolves once it holds `pattern`. */
function stderrOf(child: ResultPromise) {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return {
    get text() {
      return text;
    },
    async shows(pattern: RegExp, ms = 20_000): Promise<void> {
      const until = Date.now() + ms;
      while (!pattern.test(text)) {
        if (Date.now() > until) throw new Error(`stderr never showed ${pattern}: ${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** A wait in progress, no terminal anywhere, against an emulator whose jobs never move. */
async function waiting(args: string[]) {
  emulator = await startSeededEmulator({ jobDelay: 'manual' });
  const child = execa(SVC, args, {
    env: emulator.env,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    timeout: 60_000,
  });
  return { child, stderr: stderrOf(child), emulator };
}

describe('a wait through an outage, with no terminal', () => {
  it('docs migrate --wait: one line per lost and regained connection, then exit 75 when the emulator is killed', async () => {
    const {
      child,
      stderr,
      emulator: running,
    } = await waiting([
      'docs',
      'migrate',
      '--org',
      'acme',
      '--doc',
      'welcome',
      '--to',
      'welcome-moved',
      '--wait',
    ]);
    await stderr.shows(/Migration (\S+) started; waiting for it to end/);
    const id = /Migration (\S+) started/.exec(stderr.text)?.[1] ?? '';

    // An outage shorter than one read's retries: lost, then regained, one line each.
    await setFaults(running, {
      rules: [
        {
          path: STATUS_PATHS.migration,
          fault: 'status',
          status: 503,
          retryAfter: 2,
          probability: 1,
        },
      ],
    });
    await stderr.shows(/connection to the service lost/);
    await setFaults(running, { rules: [] });
    await stderr.shows(/connection to the service regained/);

    // Then the emulator dies: the next read fails after its retries, and the wait ends.
    running.process.kill('SIGKILL');
    await running.process.catch(() => undefined);
    const r = await child;

    expect(r.exitCode).toBe(75);
    const lines = r.stderr.split('\n');
    expect(lines.filter((l) => l.includes('connection to the service lost'))).toHaveLength(2);
    expect(lines.filter((l) => l.includes('connection to the service regained'))).toHaveLength(1);
    expect(r.stderr).toContain(`could not connect`);
    expect(r.stderr).toContain(`the state of migration ${id} is unknown`);
    expect(r.stderr).toContain(
      `hint: resume waiting with: svc docs migration-status --org acme --id ${id} --wait`,
    );
    expect(r.stderr).not.toContain('still not finished');
    // The id, not a status that is no longer known.
    expect(r.stdout.trim()).toBe(id);
  }, 90_000);

  it('users purge --wait --json: exit 75 with the job named, the jobs on stdout', async () => {
    const {
      child,
      stderr,
      emulator: running,
    } = await waiting([
      'users',
      'purge',
      '--user',
      'alice',
      '--org',
      'acme',
      '--yes',
      '--wait',
      '--json',
    ]);
    // Under --json every stderr line is JSON: the lost connection is a warning line.
    await setFaults(running, {
      rules: [
        {
          path: STATUS_PATHS.deletion,
          fault: 'status',
          status: 503,
          retryAfter: 2,
          probability: 1,
        },
      ],
    });
    await stderr.shows(/connection to the service lost/);
    running.process.kill('SIGKILL');
    await running.process.catch(() => undefined);
    const r = await child;

    expect(r.exitCode).toBe(75);
    const lines = r.stderr.split('\n').filter(Boolean);
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, { message: string }>);
    expect(parsed[0]?.warning?.message).toMatch(/^connection to the service lost \(/);
    const { jobId } = JSON.parse(r.stdout) as { jobId: string };
    const last = parsed.at(-1) as unknown as { error: { message: string }; exitCode: number };
    expect(last.exitCode).toBe(75);
    expect(last.error.message).toContain(`the state of user-data deletion ${jobId} is unknown`);
    expect(last.error.message).toContain(`svc users purge-status --job ${jobId} --wait`);
  }, 90_000);
});

describe('SIGTERM during --wait --json: one rule for every job', () => {
  it.each([
    {
      name: 'docs migrate',
      args: ['docs', 'migrate', '--org', 'acme', '--doc', 'welcome', '--to', 'welcome-2'],
      ids: (doc: unknown) => [(doc as { migrationId: string }).migrationId],
      resume: (ids: string[]) => `svc docs migration-status --org acme --id ${ids[0]} --wait`,
    },
    {
      name: 'users purge',
      args: ['users', 'purge', '--user', 'alice', '--org', 'acme', '--yes'],
      ids: (doc: unknown) => [(doc as { jobId: string }).jobId],
      resume: (ids: string[]) => `svc users purge-status --job ${ids[0]} --wait`,
    },
  ])(
    '$name: the job ids on stdout as the document, the resume line on stderr, exit 143',
    async ({ args, ids, resume }) => {
      const { child, emulator: running } = await waiting([...args, '--wait', '--json']);
      // Terminated once svc has read the job's status: it is waiting for it.
      const until = Date.now() + 20_000;
      for (;;) {
        const res = await adminFetch(running, '/_emulator/journal');
        const { entries } = (await res.json()) as { entries: { path: string }[] };
        if (entries.some((e) => Object.values(STATUS_PATHS).includes(e.path))) break;
        if (Date.now() > until) throw new Error('svc never read the job status');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      child.kill('SIGTERM');
      const r = await child;
      expect(r.exitCode).toBe(143);
      const found = ids(JSON.parse(r.stdout));
      expect(found[0]).toMatch(/\S/);
      const line = JSON.parse(r.stderr) as { error: { message: string }; exitCode: number };
      expect(line.exitCode).toBe(143);
      expect(line.error.message).toContain(`resume waiting with: ${resume(found)}`);
    },
    60_000,
  );
});
