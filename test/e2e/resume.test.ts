import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import type { FaultPlan } from '../../src/emulator/faults.js';
import { adminFetch, SVC, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * Bulk imports that stop part way (svc killed, Ctrl-C, an outage) and are finished with
 * --resume. Every request is slowed, so that a run lasts long enough to be stopped; the
 * emulator's journal counts the items of each request, which tells what a resume sent.
 */

const ADD = '/v1/organizations/folders/add';
const latency: FaultPlan['rules'][number] = {
  path: ADD,
  fault: 'latency',
  ms: [40, 80],
  probability: 1,
};

const emulator = useEmulator({
  faults: { rules: [latency] },
  seed: {
    workspaces: [
      {
        ownerEmail: 'resume@example.com',
        consoleOptions: { advancedQueries: true },
        organizations: [{ id: 'crash' }, { id: 'sigint' }, { id: 'outage' }],
      },
    ],
  },
});

interface Entry {
  time: number;
  operation?: string;
  httpStatus: number;
  items?: number;
}

async function entriesSince(time: number): Promise<Entry[]> {
  const res = await adminFetch(emulator, '/_emulator/journal');
  const { entries } = (await res.json()) as { entries: Entry[] };
  return entries.filter((e) => e.time >= time && e.operation === 'folders.add');
}

/** Items of the folder-add requests the emulator carried out since `time`. */
async function itemsAddedSince(time: number): Promise<number> {
  const done = (await entriesSince(time)).filter((e) => e.httpStatus === 200);
  return done.reduce((sum, e) => sum + (e.items ?? 0), 0);
}

async function setFaults(rules: unknown[]): Promise<void> {
  const res = await adminFetch(emulator, '/_emulator/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules }),
  });
  expect(res.status).toBe(200);
}

/** Waits until the emulator has answered `requests` folder-add requests since `time`. */
async function waitForAnswers(time: number, requests: number): Promise<void> {
  for (;;) {
    const answered = (await entriesSince(time)).filter((e) => e.httpStatus === 200);
    if (answered.length >= requests) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Lets requests the emulator is still working on finish, so that the journal is final. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

function foldersFile(name: string, n: number): { file: string; ids: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-resume-'));
  const file = join(dir, name);
  const ids = Array.from({ length: n }, (_, i) => `${name}-${i}`);
  writeFileSync(
    file,
    ids.map((id) => JSON.stringify({ folderId: id, folderName: `Folder ${id}` })).join('\n'),
  );
  return { file, ids };
}

/** `svc folders add` of `file` into `org`, with --json or without. */
const importArgs = (org: string, file: string, json: boolean) => [
  'folders',
  'add',
  '--org',
  org,
  '--file',
  file,
  ...(json ? ['--json'] : []),
];

/**
 * Starts importing `total` new folders into `org`, and waits until the emulator has answered
 * `answered` of its requests: a run to stop part way.
 */
async function importUnderway(org: string, total: number, answered: number, json = true) {
  const { file, ids } = foldersFile(org, total);
  const started = Date.now();
  const args = importArgs(org, file, json);
  const run = execa(SVC, args, {
    env: emulator.env,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
  await waitForAnswers(started, answered);
  return { file, ids, started, run };
}

async function folderIds(org: string): Promise<string[]> {
  const listed = await svc(['folders', 'list', '--org', org, '--json'], emulator.env);
  return (JSON.parse(listed.stdout) as { folderId: string }[]).map((f) => f.folderId);
}

/** `resuming: 1,234 of 20,000 items were confirmed earlier; …` → 1234. */
function confirmedEarlier(stderr: string): number {
  const match = /resuming: ([\d,]+) of/.exec(stderr);
  if (!match?.[1]) throw new Error(`no resuming line in: ${stderr}`);
  return Number(match[1].replaceAll(',', ''));
}

/**
 * Finishes the import of `total` folders into `org` with --resume, and checks that it
 * succeeds and sends exactly what the run that stopped (as `stoppedBy` says) had not
 * confirmed, something having been. Logs the counts under `label`.
 */
async function resumeImport(
  { org, file, total, json }: { org: string; file: string; total: number; json: boolean },
  label: string,
  stoppedBy: string,
) {
  const resumed = Date.now();
  const r = await svc([...importArgs(org, file, json), '--resume'], emulator.env);
  expect(r.exitCode, r.stderr).toBe(0);
  const confirmed = confirmedEarlier(r.stderr);
  const sentOnResume = await itemsAddedSince(resumed);
  const present = await folderIds(org);
  console.log(
    `${label}: ${confirmed} items confirmed before ${stoppedBy}, ${sentOnResume} sent on resume, ${present.length} present`,
  );
  expect(confirmed).toBeGreaterThan(0);
  expect(sentOnResume).toBe(total - confirmed);
  return { r, confirmed, present };
}

describe('resuming a bulk import', () => {
  it('finishes 20,000 folders after kill -9, sending only what was not confirmed', async () => {
    const total = 20_000;
    const { file, ids, started, run: first } = await importUnderway('crash', total, 30);
    first.kill('SIGKILL');
    const killed = await first;
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.stdout).toBe('');
    await settle();

    // The journal is private, and holds nothing secret.
    const journals = join(emulator.env.SVC_CONFIG_DIR ?? '', 'bulk-journals');
    const [journal] = readdirSync(journals).filter((f) => f.endsWith('.ndjson'));
    expect(statSync(journals).mode & 0o777).toBe(0o700);
    expect(statSync(join(journals, journal ?? '')).mode & 0o777).toBe(0o600);
    const text = readFileSync(join(journals, journal ?? ''), 'utf8');
    expect(text).not.toContain(emulator.workspace.authToken);
    // Only the header's facts and per-item answers: no member that could carry a request.
    const [header, ...lines] = text
      .split('\n')
      .filter(Boolean)
      .map((l) => Object.keys(JSON.parse(l) as object));
    expect(header?.sort()).toEqual(['input', 'items', 'journal', 'operation', 'sha256', 'version']);
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.flat())).toEqual(new Set(['i', 'k', 'r']));

    const addedBeforeResume = await itemsAddedSince(started);
    const { r, confirmed, present } = await resumeImport(
      { org: 'crash', file, total, json: true },
      'resume',
      'kill -9',
    );

    const results = JSON.parse(r.stdout) as Record<string, { success: boolean; message: string }>;
    expect(Object.keys(results).sort()).toEqual([...ids].sort());
    expect(Object.values(results).every((x) => x.success)).toBe(true);
    expect(present).toHaveLength(total);
    expect(new Set(present).size).toBe(total);
    // Items added before the kill but not yet confirmed were sent again, and only those:
    // the service says so of each one it already had.
    const again = Object.values(results).filter((x) => x.message.includes('already exists'));
    console.log(
      `resume: ${addedBeforeResume - confirmed} items were added but not yet confirmed at the kill, and sent again`,
    );
    expect(again).toHaveLength(addedBeforeResume - confirmed);
    // Everything is confirmed: the journal is gone.
    expect(readdirSync(journals).filter((f) => f.endsWith('.ndjson'))).toEqual([]);
  }, 120_000);

  it('exits 130 on Ctrl-C with how to resume, and --resume completes the import', async () => {
    const total = 5_000;
    const { file, run: first } = await importUnderway('sigint', total, 10, false);
    first.kill('SIGINT');
    const stopped = await first;
    expect(stopped.exitCode).toBe(130);
    expect(stopped.stderr).toMatch(/[\d,]+ of 5,000 items were confirmed \(journal: .+\.ndjson\)/);
    expect(stopped.stderr).toMatch(
      new RegExp(
        `rerun with --resume to send the [\\d,]+ items not yet confirmed: svc folders add --org sigint --file ${file} --resume`,
      ),
    );
    await settle();

    const { present } = await resumeImport(
      { org: 'sigint', file, total, json: false },
      'Ctrl-C',
      'SIGINT',
    );
    expect(new Set(present).size).toBe(total);
  }, 60_000);

  it('exits 75 when an outage outlasts the retries, with how to resume, and --resume completes it', async () => {
    const total = 5_000;
    const { file, ids, run: first } = await importUnderway('outage', total, 10);
    // Retry-After 0 has every retry happen at once, so the run gives up quickly.
    await setFaults([
      latency,
      { path: ADD, fault: 'status', status: 503, retryAfter: 0, probability: 1 },
    ]);
    const stopped = await first;
    await setFaults([latency]);
    expect(stopped.exitCode).toBe(75);
    expect(stopped.stdout).toBe('');
    const line = JSON.parse(stopped.stderr) as { error: { status: string; message: string } };
    expect(line.error.status).toBe('UNAVAILABLE');
    expect(line.error.message).toMatch(/[\d,]+ of 5,000 items were confirmed/);
    expect(line.error.message).toContain('rerun with --resume to send the');
    expect(line.error.message).toContain(
      `svc folders add --org outage --file ${file} --json --resume`,
    );
    await settle();

    const { r, present } = await resumeImport(
      { org: 'outage', file, total, json: true },
      '503',
      'the outage',
    );
    expect(Object.keys(JSON.parse(r.stdout) as object).sort()).toEqual([...ids].sort());
    expect(new Set(present).size).toBe(total);
  }, 60_000);
});
