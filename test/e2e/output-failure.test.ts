import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFetch, SVC } from '../support/e2e.js';
import { listSpecNotifications } from '../support/notifications.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * stdout that cannot be written: a file on a full disk. As root (CI, containers) that is a
 * file on a small tmpfs filled to the brim, as a user would meet it; otherwise /dev/full,
 * which fails every write with the same ENOSPC.
 */
function fullDisk(): { path: string; unmount(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-full-'));
  if (process.getuid?.() === 0) {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
      const filler = openSync(join(dir, 'filler'), 'w');
      try {
        for (;;) writeSync(filler, Buffer.alloc(4096, 1));
      } catch {
        // Full.
      } finally {
        closeSync(filler);
      }
      return {
        path: join(dir, 'out.json'),
        unmount: () => execFileSync('umount', [dir], { stdio: 'ignore' }),
      };
    } catch {
      // No mount here (a container without the capability): /dev/full says the same.
    }
  }
  return { path: '/dev/full', unmount: () => undefined };
}

const emulator = useEmulator();
let disk: ReturnType<typeof fullDisk>;

beforeAll(() => {
  disk = fullDisk();
});
afterAll(() => {
  disk.unmount();
});

/** Runs svc with its stdout on the full disk, as the shell's `> file` gives it. */
async function toFullDisk(args: string[]): Promise<{ exitCode: number | null; stderr: string }> {
  const fd = openSync(disk.path, 'w');
  try {
    const child = spawn(SVC, args, { env: emulator.env, stdio: ['ignore', fd, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [exitCode] = (await once(child, 'close')) as [number | null];
    return { exitCode, stderr: stderr.replace(/\n$/, '') };
  } finally {
    closeSync(fd);
  }
}

describe('a result that cannot be written', () => {
  it('says so in one line and exits 1, without a stack trace', async () => {
    const r = await toFullDisk(['docs', 'list', '--org', 'acme']);
    expect(r.stderr).toBe('error: cannot write output: no space left on device');
    expect(r.exitCode).toBe(1);
  });

  it('is one JSON line on stderr under --json', async () => {
    const r = await toFullDisk(['docs', 'list', '--org', 'acme', '--json']);
    expect(JSON.parse(r.stderr)).toEqual({
      error: { status: 'OUTPUT', message: 'cannot write output: no space left on device' },
      exitCode: 1,
    });
    expect(r.exitCode).toBe(1);
  });

  it('is one line too for a listing spooled page by page', async () => {
    const r = await toFullDisk(listSpecNotifications('--json'));
    expect(JSON.parse(r.stderr)).toMatchObject({
      error: { message: 'cannot write output: no space left on device' },
    });
    expect(r.exitCode).toBe(1);
  });

  it.each([['--help'], ['--version']])(
    'is one line too for what is printed before a command runs (%s)',
    async (flag) => {
      const r = await toFullDisk([flag]);
      expect(r.stderr).toMatch(
        /^error: cannot write output: ENOSPC: no space left on device[^\n]*$/,
      );
      expect(r.exitCode).toBe(1);
    },
  );

  it('leaves a bulk run resumable: --resume prints every result and sends nothing again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-full-bulk-'));
    const file = join(dir, 'folders.ndjson');
    const ids = Array.from({ length: 120 }, (_, i) => `full-${i}`);
    writeFileSync(
      file,
      ids.map((id) => JSON.stringify({ folderId: id, folderName: `Folder ${id}` })).join('\n'),
    );
    const args = ['folders', 'add', '--org', 'fulldisk', '--file', file];

    const failed = await toFullDisk(args);
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain('error: cannot write output: no space left on device');
    expect(failed.stderr).toContain('120 of 120 items were confirmed');
    expect(failed.stderr).toContain(
      `rerun with --resume to print the results; nothing is sent again: svc folders add --org fulldisk --file ${file} --resume`,
    );
    expect(failed.stderr).not.toMatch(/^\s+at /m);

    const sentBefore = await foldersAddRequests();
    const resumed = await execa(SVC, [...args, '--resume', '--json'], {
      env: emulator.env,
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
    expect(resumed.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(resumed.stdout) as object).sort()).toEqual([...ids].sort());
    expect(await foldersAddRequests()).toBe(sentBefore);
  });
});

async function foldersAddRequests(): Promise<number> {
  const res = await adminFetch(emulator, '/_emulator/journal');
  const { entries } = (await res.json()) as { entries: { operation?: string }[] };
  return entries.filter((e) => e.operation === 'folders.add').length;
}

describe('a reader that leaves early', () => {
  it('is not an error (`| head`): exit 0 and nothing on stderr', async () => {
    // The command reference is over 100 KB, more than a pipe holds: svc is still writing
    // when head has gone.
    const r = await execa(
      'bash',
      ['-c', '"$SVC" help reference | head -c 10; echo "${PIPESTATUS[0]}" >&2'],
      {
        env: { ...emulator.env, SVC },
        reject: false,
      },
    );
    expect(r.stdout).toHaveLength(10);
    expect(r.stderr).toBe('0');
  });
});
