import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fail, fakeService, ok } from '../../support/fake-service.js';
import { offlineLogin, runCli, tempConfigDir } from '../../support/harness.js';

const ADD = '/v1/organizations/folders/add';

function foldersFile(n: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-resume-')), 'folders.ndjson');
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({ folderId: `f${i}`, folderName: `F${i}` }),
  );
  writeFileSync(file, lines.join('\n'));
  return file;
}

/** The folder-add service: each folder added, until call `downFrom` on, which fail with 500. */
function folderService(downFrom = Infinity) {
  const state = { downFrom };
  const fake = fakeService({
    [ADD]: (data, call) => {
      if (call >= state.downFrom) return fail('INTERNAL', 'the service is down', 500);
      const folders = data.folders as { folderId: string }[];
      return ok(
        Object.fromEntries(folders.map((f) => [f.folderId, { success: true, id: f.folderId }])),
      );
    },
  });
  return { fake, state };
}

const sentIds = (f: ReturnType<typeof fakeService>) =>
  f.sent(ADD).flatMap((d) => (d.folders as { folderId: string }[]).map((x) => x.folderId));

describe('a bulk run that a 500 stops', () => {
  it('names the profile once in its resume command, whether it was a flag or SVC_PROFILE', async () => {
    const { fake } = folderService(0);
    const args = ['folders', 'add', '--org', 'o', '--file', foldersFile(3)];
    const hintOf = async (argv: string[], env: Record<string, string>) => {
      const config = tempConfigDir();
      const login = await runCli(offlineLogin('ci'), {
        stdin: 'tok\n',
        env: { SVC_CONFIG_DIR: config },
      });
      expect(login.code).toBe(0);
      const r = await fake.run(argv, { env: { ...env, SVC_CONFIG_DIR: config } });
      expect(r.code).toBe(1);
      return r.stderr.split('\n').find((line) => line.startsWith('rerun with --resume'));
    };
    const expected = `svc --profile ci ${args.join(' ')} --resume`;
    expect(await hintOf(['--profile', 'ci', ...args], {})).toMatch(new RegExp(`: ${expected}$`));
    expect(await hintOf(['--profile=ci', ...args], {})).toMatch(new RegExp(`: ${expected}$`));
    expect(await hintOf(args, { SVC_PROFILE: 'ci' })).toMatch(new RegExp(`: ${expected}$`));
  });

  it('says how far it got and how to resume, and --resume sends only the rest', async () => {
    // Two batches get through, then the service is down for good.
    const { fake, state } = folderService(2);
    const file = foldersFile(500);
    const env = { SVC_CONFIG_DIR: tempConfigDir() };
    const args = ['folders', 'add', '--org', 'o', '--file', file, '--concurrency', '1'];
    const r = await fake.run(args, { env });

    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const journals = join(env.SVC_CONFIG_DIR, 'bulk-journals');
    const [journal] = readdirSync(journals).filter((f) => f.endsWith('.ndjson'));
    // The run is in process and sleeps for no one: the retries take no real time.
    const stderr = r.stderr.replace(/over \d+ms\)/, 'over …)');
    expect(stderr).toBe(
      [
        'error: INTERNAL: the service is down (gave up after 9 attempts over …)',
        `hint: 200 of 500 items were confirmed (journal: ${join(journals, journal ?? '')})`,
        `rerun with --resume to send the 300 items not yet confirmed: svc ${args.join(' ')} --resume`,
        '',
      ].join('\n'),
    );

    state.downFrom = Infinity;
    const before = sentIds(fake).length;
    const resumed = await fake.run([...args, '--resume', '--json'], { env });
    expect(resumed.code).toBe(0);
    // Under --json, stderr holds JSON lines only.
    expect(resumed.stderr).toBe(
      `${JSON.stringify({ info: { message: 'resuming: 200 of 500 items were confirmed earlier; sending 300' } })}\n`,
    );
    expect(sentIds(fake).slice(before)).toEqual(
      Array.from({ length: 300 }, (_, i) => `f${200 + i}`),
    );
    const results = JSON.parse(resumed.stdout) as Record<string, { success: boolean }>;
    expect(Object.keys(results)).toEqual(Array.from({ length: 500 }, (_, i) => `f${i}`));
    expect(readdirSync(journals).filter((f) => f.endsWith('.ndjson'))).toEqual([]);
  });

  it('puts the advice in the one JSON error line under --json', async () => {
    const { fake } = folderService(0);
    const file = foldersFile(3);
    const r = await fake.run(['folders', 'add', '--org', 'o', '--file', file, '--json']);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const { error } = JSON.parse(lines[0] ?? '') as { error: { message: string } };
    expect(error.message).toMatch(
      /^the service is down \(gave up after 9 attempts over \d+ms\); 0 of 3 items were confirmed \(journal: .+\); rerun with --resume to send the 3 items not yet confirmed: svc folders add --org o --file .+ --json --resume$/,
    );
  });
});

describe('the count of a stopped run of one item', () => {
  it('is singular: 0 of 1 item was confirmed', async () => {
    const { fake } = folderService(0);
    const r = await fake.run(['folders', 'add', '--org', 'o', '--file', foldersFile(1)], {
      env: { SVC_CONFIG_DIR: tempConfigDir() },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^hint: 0 of 1 item was confirmed \(journal: /m);
  });
});

describe('--resume and --resend-unknown', () => {
  // The flags are made when a test runs, so that its input file is written only then.
  it.each([
    [
      '--resend-unknown without --resume',
      () => ['--id', 'a', '--name', 'A', '--resend-unknown'],
      '--resend-unknown goes with --resume',
    ],
    [
      '--resume when there is nothing to resume',
      () => ['--file', foldersFile(2), '--resume'],
      'nothing to resume',
    ],
  ])('refuses %s (exit 2)', async (_, flags, message) => {
    const fake = fakeService({});
    const r = await fake.run(['folders', 'add', '--org', 'o', ...flags()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(fake.all()).toEqual([]);
  });

  it('is not offered by users purge, which starts jobs', async () => {
    const fake = fakeService({});
    const r = await fake.run(['users', 'purge', '--user', 'u', '--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--resume'");
  });
});
