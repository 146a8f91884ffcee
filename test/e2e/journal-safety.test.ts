import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { adminFetch, SVC, cleanEnv, seedWorkspaces, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';
import { canMount, mountSmallDisk, type SmallDisk } from '../support/small-disk.js';

/**
 * Bulk runs whose journal cannot be written (a full disk, a read-only home), and reruns of
 * runs that were killed: what the emulator ends up holding is counted, item by item.
 * Activities without an id are not idempotent: each one sent twice is held twice.
 */

const emulator = useEmulator();
const ADD = '/v2/activities/add';

let disks: SmallDisk[] = [];
afterEach(() => {
  for (const disk of disks) disk.unmount();
  disks = [];
});

function mount(kib: number, options: { readOnly?: boolean } = {}): SmallDisk {
  const disk = mountSmallDisk(kib, options);
  disks.push(disk);
  return disk;
}

/** A CSV of `n` activities, each naming its target `act.N`: how they are told apart. */
function activitiesFile(n: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-journal-safety-')), 'act.csv');
  const rows = Array.from({ length: n }, (_, i) => `custom,approval.granted,alice,act.${i}`);
  writeFileSync(
    file,
    ['featureType,actionType,actionUser.userId,targetEntityId', ...rows].join('\n'),
  );
  return file;
}

const addArgs = (doc: string, file: string) => [
  'activities',
  'add',
  '--org',
  'acme',
  '--doc',
  doc,
  '--file',
  file,
];

/** How many times the emulator holds each target of document `doc`'s activities. */
async function heldTargets(doc: string): Promise<Map<string, number>> {
  const query = `workspaceId=${emulator.workspace.workspaceId}&organizationId=acme&documentId=${doc}`;
  const res = await adminFetch(emulator, `/_emulator/activities?${query}`);
  expect(res.status).toBe(200);
  const { activities } = (await res.json()) as {
    activities: { activity: { targetEntityId?: string } }[];
  };
  const held = new Map<string, number>();
  for (const { activity } of activities) {
    const target = activity.targetEntityId ?? '';
    held.set(target, (held.get(target) ?? 0) + 1);
  }
  return held;
}

/** Activity-add requests the emulator answered since `time`. */
async function answeredSince(time: number): Promise<number> {
  const res = await adminFetch(emulator, '/_emulator/journal');
  const { entries } = (await res.json()) as {
    entries: { time: number; path?: string; httpStatus: number }[];
  };
  return entries.filter((e) => e.time >= time && e.path === ADD && e.httpStatus === 200).length;
}

/** What a journal file holds: the items answered for sure, and those in doubt. */
function journalHolds(file: string): { confirmed: number; unknown: number } {
  const confirmed = new Set<number>();
  const unknown = new Set<number>();
  const [, ...lines] = readFileSync(file, 'utf8').split('\n');
  for (const line of lines) {
    if (line === '') continue;
    const event = JSON.parse(line) as {
      i?: number;
      r?: { outcome?: string };
      sending?: number[];
      unsent?: number[];
    };
    if (event.sending) for (const i of event.sending) if (!confirmed.has(i)) unknown.add(i);
    if (event.unsent) for (const i of event.unsent) unknown.delete(i);
    if (event.i !== undefined && event.r?.outcome !== 'unknown') {
      confirmed.add(event.i);
      unknown.delete(event.i);
    }
  }
  return { confirmed: confirmed.size, unknown: unknown.size };
}

const journalsIn = (configDir: string) => {
  try {
    return readdirSync(join(configDir, 'bulk-journals'))
      .filter((f) => f.endsWith('.ndjson'))
      .map((f) => join(configDir, 'bulk-journals', f));
  } catch {
    return [];
  }
};

/** `1,234 of 3,000 items were confirmed` → 1234. */
function confirmedOf(stderr: string): number {
  const match = /([\d,]+) of 3,000 items were confirmed/.exec(stderr);
  if (!match?.[1]) throw new Error(`no count of confirmed items in: ${stderr}`);
  return Number(match[1].replaceAll(',', ''));
}

describe.skipIf(!canMount)('a journal on a disk that fills up', () => {
  it('stops sending, says so with --resume, and --resume leaves every activity held once', async () => {
    const disk = mount(2048);
    const env = { ...emulator.env, SVC_CONFIG_DIR: disk.dir };
    // About 60 KiB free: room for the journal of a third of the run.
    disk.fill(15);
    const file = activitiesFile(3000);

    const first = await svc(addArgs('full-disk', file), env);
    console.log(first.stderr);
    expect(first.stderr).not.toContain('INTERNAL');
    expect(first.stderr).not.toContain('unexpected error');
    const [journal] = journalsIn(disk.dir);
    expect(journal).toBeDefined();
    expect(first.stderr).toContain(`cannot write the journal ${journal ?? ''}`);
    expect(first.stderr).toContain('no space left on device');
    expect(first.exitCode).toBe(1);
    // What the run says was confirmed is what its journal holds.
    const holds = journalHolds(journal ?? '');
    expect(confirmedOf(first.stderr)).toBe(holds.confirmed);
    expect(holds.confirmed).toBeGreaterThan(0);
    expect(holds.confirmed).toBeLessThan(3000);
    expect(first.stderr).toMatch(/rerun with --resume to send the [\d,]+ items not yet confirmed/);

    // Room again: the same command with --resume sends what the journal did not settle.
    rmSync(join(disk.dir, 'filler'), { recursive: true, force: true });
    const resumed = await svc([...addArgs('full-disk', file), '--resume', '--json'], env);
    // Items in doubt (sent, answered, but their answer not recorded) are not sent again.
    expect([0, 5]).toContain(resumed.exitCode);
    const held = await heldTargets('full-disk');
    expect(held.size).toBe(3000);
    expect([...held.values()].every((n) => n === 1)).toBe(true);
  }, 120_000);
});

describe('rerunning a killed import of activities', () => {
  it('refuses to send everything again without --resume or --restart, and --resume sends nothing twice', async () => {
    const env = cleanEnv({ ...emulator.env, SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-')) });
    const file = activitiesFile(3000);
    const started = Date.now();
    const run = execa(SVC, [...addArgs('killed', file), '--concurrency', '1'], {
      env,
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
    while ((await answeredSince(started)) < 3) await new Promise((r) => setTimeout(r, 10));
    run.kill('SIGKILL');
    await run;
    // Let the request that was out when svc died be carried out or not.
    await new Promise((r) => setTimeout(r, 300));
    const afterKill = await heldTargets('killed');

    const again = await svc(addArgs('killed', file), env);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain('--resume');
    expect(again.stderr).toContain('--restart');
    expect(await heldTargets('killed')).toEqual(afterKill);

    const resumed = await svc([...addArgs('killed', file), '--resume', '--json'], env);
    expect([0, 5]).toContain(resumed.exitCode);
    const held = await heldTargets('killed');
    expect([...held.values()].every((n) => n === 1)).toBe(true);
    // All but the batch that was out when svc was killed, whose fate is reported as unknown.
    expect(held.size).toBeGreaterThanOrEqual(3000 - 100);
    console.log(
      `killed import: ${afterKill.size} held after the kill, ${held.size} after --resume`,
    );
  }, 120_000);
});

describe('a run refused before anything was applied', () => {
  it('leaves no journal, so the next run neither warns nor refuses', async () => {
    // A workspace without the activity service: every request is refused as a whole.
    const seeded = await seedWorkspaces(emulator, {
      workspaces: [
        {
          ownerEmail: 'no-activities@example.com',
          consoleOptions: { activityService: false },
          organizations: [{ id: 'quiet', name: 'Quiet' }],
        },
      ],
    });
    const env = seeded.envFor('no-activities@example.com');
    const args = [
      'activities',
      'add',
      '--org',
      'quiet',
      '--doc',
      'x',
      '--feature-type',
      'custom',
      '--action-type',
      'a',
      '--user',
      'alice',
      '--target',
      't1',
    ];
    const first = await svc(args, env);
    expect(first.stderr).toContain('FAILED_PRECONDITION');
    expect(first.exitCode).toBe(2);
    expect(first.stderr).not.toContain('confirmed');
    expect(journalsIn(env.SVC_CONFIG_DIR ?? '')).toEqual([]);
    const second = await svc(args, env);
    expect(second.stderr).not.toContain('--resume');
    expect(second.stderr).not.toContain('earlier run');
    expect(second.exitCode).toBe(2);
  });
});

describe.skipIf(!canMount)('a read-only home', () => {
  it('is named as a read-only file system in the journal warning', async () => {
    const home = mount(64, { readOnly: true });
    const env = cleanEnv({ SVC_BASE_URL: emulator.url, HOME: home.dir });
    delete env.SVC_CONFIG_DIR;
    delete env.XDG_STATE_HOME;
    delete env.XDG_CONFIG_HOME;
    const withCredentials = { ...emulator.env, ...env };
    delete withCredentials.SVC_CONFIG_DIR;
    const r = await svc(
      [
        'activities',
        'add',
        '--org',
        'acme',
        '--doc',
        'ro-home',
        '--feature-type',
        'custom',
        '--action-type',
        'a',
        '--user',
        'alice',
        '--target',
        't1',
      ],
      withCredentials,
    );
    expect(r.stderr).toContain(
      `cannot keep a journal in ${join(home.dir, '.local', 'state', 'svc', 'bulk-journals')}`,
    );
    expect(r.stderr).toContain('read-only file system');
    expect(r.stderr).not.toContain('no such file');
    expect(r.exitCode).toBe(0);
  });

  it('is named as a read-only file system by workspace create', async () => {
    const home = mount(64, { readOnly: true });
    const env = cleanEnv({ HOME: home.dir });
    delete env.SVC_CONFIG_DIR;
    delete env.XDG_CONFIG_HOME;
    const r = await svc(
      ['workspace', 'create', '--email', 'ro@example.com', '--base-url', emulator.url],
      env,
    );
    expect(r.stderr).toContain('read-only file system');
    expect(r.stderr).toContain(home.dir);
    expect(r.stderr).not.toContain('no such file');
  });
});
