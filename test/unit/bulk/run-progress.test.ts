import {
  appendFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  objectItems,
  parseItemJson,
  planBatches,
  runBulk,
  RunProgress,
  unknownOutcome,
  type ItemJson,
  type RunProgressOptions,
  type RunBulkOptions,
  type SendBatch,
  type WireObject,
} from '../../../src/bulk/index.js';
import { operation } from '../../../src/catalogue/operations.js';
import { CancelledError, LockedError, UsageError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import { takeRunLock } from '../../../src/io/run-lock.js';
import { fakeSender, rejection, useTempDir } from './helpers.js';

const temp = useTempDir();
const flat = () => objectItems(operation('folders.add'));

const folders = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ folderId: `f${i}`, folderName: `Folder ${i}` }));
const ndjson = (items: unknown[]) => items.map((i) => JSON.stringify(i)).join('\n');

/** Folders listed children first: each child comes before its parent. */
const childrenFirst = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    { folderId: `c${i}`, folderName: `Child ${i}`, parentFolderId: `p${i}` },
    { folderId: `p${i}`, folderName: `Parent ${i}` },
  ]).flat();
const tree = () => objectItems(operation('folders.add'), { dependsOn: 'parentFolderId' });

/**
 * A workspace for one test: an input file (`n` folders, or the items given), a journal
 * directory and what was said.
 */
function setup(n: number | WireObject[], describe = flat) {
  const { dir, file } = temp();
  const input = file('folders.ndjson', ndjson(typeof n === 'number' ? folders(n) : n));
  const journals = join(dir, 'journals');
  const said: string[] = [];
  const journal = (options: Partial<RunProgressOptions<ItemJson>> = {}) =>
    new RunProgress<ItemJson>({
      dir: journals,
      operation: 'folders.add',
      scope: ['folders.add', { organizationId: 'o' }],
      resume: false,
      resendUnknown: false,
      restart: false,
      operationIdempotent: true,
      idempotent: () => true,
      notices: { info: (l) => said.push(`info: ${l}`), warn: (l) => said.push(`warn: ${l}`) },
      ...options,
    });
  const journalFiles = () => readdirSync(journals).filter((f) => f.endsWith('.ndjson'));
  /** A run of folders.add over the input. */
  const run = (options: Omit<RunBulkOptions<WireObject>, 'source' | 'describe'>) =>
    runBulk({ source: input, describe: describe(), ...options });
  /**
   * A run that stops, leaving its journal: unless `options` say otherwise, batches of 2 sent
   * one at a time, and Ctrl-C during the second.
   */
  const stopped = (options: Partial<RunBulkOptions<WireObject>> = {}) =>
    rejection(
      run({
        batchSize: 2,
        concurrency: 1,
        sendBatch: stoppingSender(1).send,
        progress: journal(),
        ...options,
      }),
    );
  /** A --resume run in batches of 2 to a sender that answers every item: what it sent and got. */
  const resume = async (
    journalOptions: Partial<RunProgressOptions<ItemJson>> = {},
    options: Partial<RunBulkOptions<WireObject>> = {},
  ) => {
    const sender = fakeSender<WireObject>();
    const outcome = await run({
      batchSize: 2,
      sendBatch: sender.send,
      progress: journal({ ...journalOptions, resume: true }),
      ...options,
    });
    return { outcome, calls: sender.calls, sent: sender.calls.flatMap((c) => c.keys) };
  };
  /** What `--dry-run` with `--resume` plans: the keys of each batch, and the totals. */
  const plan = async () => {
    const planned: string[][] = [];
    const totals = await planBatches(
      {
        source: input,
        describe: describe(),
        batchSize: 2,
        progress: journal({ resume: true, readOnly: true }),
      },
      (batch) => {
        planned.push(batch.keys);
      },
    );
    return { planned, totals };
  };
  return { input, journals, journal, said, journalFiles, run, stopped, resume, plan };
}

/** Answers every item, and rejects the call numbered `stopAt` with `error` (Ctrl-C by default). */
function stoppingSender(stopAt: number, error: Error = new CancelledError('interrupted')) {
  return fakeSender<WireObject>({ reject: (call) => (call === stopAt ? error : undefined) });
}

describe('a journaled run that stops', () => {
  it('is resumed sending only what was not confirmed, with every result in the output', async () => {
    const { journal, said, journalFiles, stopped, resume } = setup(10);
    const run1 = journal();
    await stopped({ sendBatch: stoppingSender(2).send, progress: run1 });
    expect(run1.summary()).toMatchObject({ total: 10, confirmed: 4, unknown: 0 });
    expect(journalFiles()).toHaveLength(1);

    const seen: string[] = [];
    const { outcome, sent } = await resume({}, { onResult: (key) => seen.push(key) });
    expect(sent).toEqual(['f4', 'f5', 'f6', 'f7', 'f8', 'f9']);
    expect(seen).toEqual(folders(10).map((f) => f.folderId));
    expect(Object.keys(outcome.results)).toEqual(seen);
    expect(outcome).toMatchObject({ sent: 10, failed: 0 });
    expect(said).toContain('info: resuming: 4 of 10 items were confirmed earlier; sending 6');
    expect(journalFiles()).toEqual([]);
  });

  it('records answers as they arrive, so a batch answered ahead of an earlier one is kept', async () => {
    const { stopped, resume } = setup(6);
    // The first batch never answers; the two after it do, so none can be merged.
    const delays = [50, 0, 5];
    const first = fakeSender<WireObject>({
      delayMs: (call) => delays[call] ?? 0,
      reject: (call) => (call === 0 ? new CancelledError('interrupted') : undefined),
    });
    await stopped({ concurrency: 3, sendBatch: first.send });
    const { sent } = await resume();
    expect(sent).toEqual(['f0', 'f1']);
  });

  it('counts failed items as confirmed: the service answered them', async () => {
    const { stopped, resume } = setup(4);
    const first = fakeSender<WireObject>({
      failure: (key) => (key === 'f1' ? 'exists' : undefined),
      reject: (call) => (call === 1 ? new CancelledError('interrupted') : undefined),
    });
    await stopped({ sendBatch: first.send });
    const { outcome, sent } = await resume();
    expect(sent).toEqual(['f2', 'f3']);
    expect(outcome.failed).toBe(1);
    expect(outcome.results.f1).toEqual({ success: false, message: 'exists' });
  });
});

describe('items whose outcome is unknown', () => {
  /** A sender whose call `n` answers every item as unknown, as a dropped connection does. */
  function unknownAt(n: number) {
    const fake = fakeSender<WireObject>();
    let call = 0;
    const send: SendBatch<ItemJson> = async (items, keys, ordinals) => {
      if (call++ !== n) return fake.send(items, keys, ordinals);
      fake.calls.push({ items: items.map((i) => parseItemJson<WireObject>(i)), keys: [...keys] });
      return Object.fromEntries(keys.map((k) => [k, unknownOutcome('connection reset')]));
    };
    return { fake, send };
  }

  it('are sent again on resume when sending twice is harmless', async () => {
    const { journal, journalFiles, run, resume } = setup(4);
    const run1 = journal();
    const outcome = await run({ batchSize: 2, sendBatch: unknownAt(1).send, progress: run1 });
    expect(outcome.failed).toBe(2);
    // Not every item is confirmed: the journal stays for --resume.
    expect(run1.summary()).toMatchObject({ confirmed: 2, unknown: 0 });
    expect(journalFiles()).toHaveLength(1);

    const resumed = await resume();
    expect(resumed.sent).toEqual(['f2', 'f3']);
    expect(resumed.outcome.failed).toBe(0);
    expect(journalFiles()).toEqual([]);
  });

  it('stay unknown on resume when they must not be sent twice, until --resend-unknown', async () => {
    const { journal, said, journalFiles, run, resume } = setup(4);
    const once = { idempotent: () => false };
    const run1 = journal(once);
    await run({ batchSize: 2, sendBatch: unknownAt(1).send, progress: run1 });
    expect(run1.summary()).toMatchObject({ confirmed: 2, unknown: 2 });

    const kept = await resume(once);
    expect(kept.calls).toEqual([]);
    expect(kept.outcome.failed).toBe(2);
    expect(kept.outcome.results.f2).toMatchObject({ success: false, outcome: 'unknown' });
    expect(said.at(-1)).toBe(
      'info: resuming: 2 of 4 items were confirmed earlier; sending 0; 2 items whose outcome is unknown are not sent again (--resend-unknown sends them)',
    );
    expect(journalFiles()).toHaveLength(1);

    const resent = await resume({ ...once, resendUnknown: true });
    expect(resent.sent).toEqual(['f2', 'f3']);
    expect(resent.outcome.failed).toBe(0);
    expect(Object.keys(resent.outcome.results)).toEqual(['f0', 'f1', 'f2', 'f3']);
    expect(journalFiles()).toEqual([]);
  });

  it('include a request that was out when svc stopped, if it must not be sent twice', async () => {
    const { journal, journals, journalFiles, stopped, resume } = setup(4);
    const once = { idempotent: () => false };
    // The second batch never answers: svc stops (Ctrl-C) while it is out.
    const run1 = journal(once);
    await stopped({ progress: run1 });
    expect(run1.summary()).toMatchObject({ confirmed: 2, unknown: 2 });
    const text = readFileSync(join(journals, journalFiles()[0] ?? ''), 'utf8');
    expect(text).toContain('{"sending":[2,3],"keys":["f2","f3"]}');

    const { outcome, calls } = await resume(once);
    expect(calls).toEqual([]);
    expect(outcome.results.f3).toMatchObject({ success: false, outcome: 'unknown' });
  });
});

describe('finding the journal', () => {
  it('refuses --resume when the input changed since the run that stopped (exit 2)', async () => {
    const { input, journal, run, stopped } = setup(4);
    await stopped();
    writeFileSync(input, ndjson(folders(5)));
    const fake = fakeSender<WireObject>();
    const err = await rejection(run({ sendBatch: fake.send, progress: journal({ resume: true }) }));
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe(
      `${input} is not what the interrupted run read, so its journal does not apply`,
    );
    expect(fake.calls).toEqual([]);
  });

  it('refuses --resume when no run left a journal (exit 2)', async () => {
    const { input, journal, run } = setup(2);
    const err = await rejection(
      run({ sendBatch: fakeSender<WireObject>().send, progress: journal({ resume: true }) }),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe(
      `nothing to resume: no run of this command with ${input} left a journal`,
    );
  });

  it('says --resume exists when a run starts over an interrupted one, and starts over', async () => {
    const { journal, said, run, stopped } = setup(4);
    await stopped();
    const fake = fakeSender<WireObject>();
    await run({ sendBatch: fake.send, progress: journal() });
    expect(fake.calls.flatMap((c) => c.keys)).toHaveLength(4);
    expect(
      said.some(
        (l) =>
          l.startsWith('warn: an earlier run of this command with the same input stopped') &&
          l.includes('--resume sends only the rest'),
      ),
    ).toBe(true);
  });

  it('refuses to start an operation that is not idempotent over again, unless --restart', async () => {
    const { journal, run, stopped } = setup(4);
    const notIdempotent = { operationIdempotent: false, idempotent: () => false };
    await stopped({ progress: journal(notIdempotent) });
    const fake = fakeSender<WireObject>();
    const err = await rejection(run({ sendBatch: fake.send, progress: journal(notIdempotent) }));
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toMatch(/^an earlier run of this command with the same input stopped/);
    expect((err as UsageError).hint).toBe(
      'rerun with --resume to send only what was not confirmed, or with --restart to send every item again',
    );
    expect(fake.calls).toEqual([]);

    await run({ sendBatch: fake.send, progress: journal({ ...notIdempotent, restart: true }) });
    expect(fake.calls.flatMap((c) => c.keys)).toEqual(['f0', 'f1', 'f2', 'f3']);
  });

  it('leaves no journal after a run whose only request was refused as a whole', async () => {
    const { journal, journalFiles, run } = setup(2);
    const refused = new Error('refused');
    const progress = journal({
      operationIdempotent: false,
      idempotent: () => false,
      notApplied: (err) => err === refused,
    });
    const fake = fakeSender<WireObject>({ reject: () => refused });
    expect(await rejection(run({ sendBatch: fake.send, progress }))).toBe(refused);
    expect(fake.calls).toHaveLength(1);
    expect(progress.summary()).toBeUndefined();
    expect(journalFiles()).toEqual([]);
  });

  it('keeps the journal of a run whose request may have been applied', async () => {
    const { journal, journalFiles, run } = setup(2);
    const progress = journal({ operationIdempotent: false, idempotent: () => false });
    const fake = fakeSender<WireObject>({ reject: () => new Error('connection reset') });
    await rejection(run({ sendBatch: fake.send, progress }));
    expect(progress.summary()).toMatchObject({ confirmed: 0, unknown: 2 });
    expect(journalFiles()).toHaveLength(1);
  });

  it('keeps other work apart: another scope has its own journal', async () => {
    const { journal, run, stopped } = setup(4);
    await stopped();
    const err = await rejection(
      run({
        sendBatch: fakeSender<WireObject>().send,
        progress: journal({ resume: true, scope: ['folders.add', { organizationId: 'other' }] }),
      }),
    );
    expect(err.message).toMatch(/^nothing to resume/);
  });

  it('is private: the directory 0700 and the journal 0600', async () => {
    const { journals, journalFiles, stopped } = setup(4);
    await stopped();
    expect(statSync(journals).mode & 0o777).toBe(0o700);
    expect(statSync(join(journals, journalFiles()[0] ?? '')).mode & 0o777).toBe(0o600);
  });

  it('refuses to run the same work while another svc runs it: temporary (exit 75), naming its pid', async () => {
    const { journal, journals, journalFiles, run, stopped } = setup(2);
    await stopped({ batchSize: 1 });
    // Another svc that is alive holds the journal's lock, and keeps it fresh.
    const other = await takeRunLock(join(journals, journalFiles()[0] ?? ''), () => undefined);
    const fake = fakeSender<WireObject>();
    const err = await rejection(run({ sendBatch: fake.send, progress: journal({ resume: true }) }));
    await other?.release();
    expect(err).toBeInstanceOf(LockedError);
    expect(exitCodeFor(err)).toBe(75);
    expect(err.message).toBe(
      `another svc (pid ${process.pid}) is running this command with the same input`,
    );
    expect(fake.calls).toEqual([]);
  });

  it('takes over the lock of a process that died', async () => {
    const { journal, journals, journalFiles, run, stopped } = setup(2);
    await stopped({ batchSize: 1 });
    // A lock nobody has marked fresh for a minute: its holder was killed.
    const lock = join(journals, `${journalFiles()[0] ?? ''}.lock`);
    mkdirSync(lock);
    const long = new Date(Date.now() - 60_000);
    utimesSync(lock, long, long);
    const fake = fakeSender<WireObject>();
    await run({ sendBatch: fake.send, progress: journal({ resume: true }) });
    expect(fake.calls.flatMap((c) => c.keys)).toEqual(['f1']);
  });

  it('goes on without a journal, saying so, where none can be kept', async () => {
    const { journals, journal, said, run } = setup(2);
    writeFileSync(journals, 'not a directory');
    const fake = fakeSender<WireObject>();
    const run1 = journal();
    await run({ sendBatch: fake.send, progress: run1 });
    expect(fake.calls).toHaveLength(1);
    expect(said[0]).toMatch(
      /^warn: cannot keep a journal in .+ \((file already exists|not a directory)\); if this run stops, --resume cannot pick it up$/,
    );
    expect(run1.summary()).toBeUndefined();
  });
});

describe('links planted beside a journal', () => {
  it('are replaced, never written through: their targets stay as they were', async () => {
    const { journals, journalFiles, stopped } = setup(4);
    await stopped();
    const journalPath = join(journals, journalFiles()[0] ?? '');
    const victim = join(journals, '..', 'victim.txt');
    writeFileSync(victim, 'precious\n');
    // Where the temporary journal used to be made, and the journal itself.
    symlinkSync(victim, `${journalPath}.new`);
    rmSync(journalPath);
    symlinkSync(victim, journalPath);
    await stopped();
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(journalPath).isSymbolicLink()).toBe(false);
    expect(readFileSync(journalPath, 'utf8')).toContain('"journal":"svc bulk"');
  });

  it('are not appended through by a resumed run', async () => {
    const { journals, journalFiles, stopped, resume } = setup(4);
    await stopped();
    const journalPath = join(journals, journalFiles()[0] ?? '');
    const victim = join(journals, '..', 'victim.ndjson');
    writeFileSync(victim, readFileSync(journalPath));
    rmSync(journalPath);
    symlinkSync(victim, journalPath);
    const before = readFileSync(victim, 'utf8');
    const err = await rejection(resume());
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toContain('is a symbolic link, which svc does not write through');
    expect(readFileSync(victim, 'utf8')).toBe(before);
  });
});

describe('temporary journals of killed runs', () => {
  it("are removed by the next run, and a live run's is kept", async () => {
    const { journals, journalFiles, stopped } = setup(4);
    await stopped();
    const journalPath = join(journals, journalFiles()[0] ?? '');
    // No process has pid 2^22 + 1: above Linux's largest. The parent process is alive.
    const left = `${journalPath}.${2 ** 22 + 1}.abcdef.new`;
    const live = `${journalPath}.${process.ppid}.abcdef.new`;
    writeFileSync(left, '{}\n');
    writeFileSync(live, '{}\n');
    await stopped();
    expect(existsSync(left)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});

describe('a journal cut short', () => {
  it('skips a last line a machine crash cut off, and appends after it', async () => {
    const { journal, journals, journalFiles, run, stopped } = setup(4);
    await stopped();
    const path = join(journals, journalFiles()[0] ?? '');
    appendFileSync(path, '{"i":2,"k":"f2","r":{"succ');
    await stopped({ batchSize: 1, progress: journal({ resume: true }) });
    const fake = fakeSender<WireObject>();
    const outcome = await run({ sendBatch: fake.send, progress: journal({ resume: true }) });
    expect(fake.calls.flatMap((c) => c.keys)).toEqual(['f3']);
    expect(Object.keys(outcome.results).sort()).toEqual(['f0', 'f1', 'f2', 'f3']);
  });
});

describe('--dry-run --resume', () => {
  it('plans only the batches a resume would send, and changes nothing', async () => {
    const { journals, journalFiles, stopped, plan } = setup(6);
    await stopped();
    const before = readFileSync(join(journals, journalFiles()[0] ?? ''), 'utf8');
    const { planned, totals } = await plan();
    expect(totals).toEqual({ items: 4, batches: 2 });
    expect(planned).toEqual([
      ['f2', 'f3'],
      ['f4', 'f5'],
    ]);
    expect(readFileSync(join(journals, journalFiles()[0] ?? ''), 'utf8')).toBe(before);
    expect(readdirSync(journals).some((f) => f.endsWith('.lock'))).toBe(false);
  });

  it('plans, for an input listed children first, exactly the batches a resume sends', async () => {
    // Parents are sent before their children, so the items go out in another order than
    // the input's: the plan and the run must number and skip the same items.
    const { stopped, plan, resume } = setup(childrenFirst(4), tree);
    await stopped();
    const { planned, totals } = await plan();
    const { calls } = await resume();
    // Of 8 items, the first batch (2 parents) was confirmed before the run stopped.
    expect(planned.flat()).toHaveLength(6);
    expect(totals).toEqual({ items: 6, batches: planned.length });
    expect(planned).toEqual(calls.map((c) => c.keys));
  });
});
