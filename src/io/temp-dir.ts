import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileReason } from './file-reason.js';
import { UsageError } from '../errors/errors.js';
const { openSync } = process.getBuiltinModule('node:fs');

/** Whether a process with this id exists; EPERM means it does, under another user. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * Removes what earlier runs left under `prefix` in the temporary directory when they were
 * killed before they could (a kill -9 during a 200 MB stdin import leaves its copy). Each
 * directory's name holds the id of the process that made it: one whose process is gone,
 * and which belongs to this user, is removed; a live run's is never touched.
 */
async function removeLeftovers(prefix: string): Promise<void> {
  const dir = tmpdir();
  const names = await readdir(dir).catch(() => [] as string[]);
  const pattern = new RegExp(`^${prefix}(\\d+)-`);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(pattern.exec(name)?.[1]);
      if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) return;
      const path = join(dir, name);
      const info = await lstat(path).catch(() => undefined);
      if (!info?.isDirectory() || info.uid !== process.getuid?.()) return;
      await rm(path, { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

/**
 * A new private (0700) temporary directory named `prefix`, this process's id and a random
 * part, after removing those of earlier runs that were killed. A temporary directory that
 * cannot be used is the environment's setting, so the error names it and TMPDIR.
 */
export async function privateTempDir(prefix: string): Promise<string> {
  await removeLeftovers(prefix);
  const dir = tmpdir();
  return mkdtemp(join(dir, `${prefix}${process.pid}-`)).catch((err: unknown) => {
    throw new UsageError(`cannot make a temporary folder in ${dir}: ${fileReason(err)}`, {
      hint: 'set TMPDIR to a folder you can write to',
    });
  });
}

/** Failed writes that mean the temporary folder has no room, rather than a fault of svc's. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'EIO']);

/**
 * What a failed write to svc's temporary files is reported as: a full temporary folder is
 * the environment's, so the message names the folder and TMPDIR, as `privateTempDir` does.
 * Any other error is returned as it is.
 */
export function tempWriteError(err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || !NO_ROOM.has(code)) return err;
  return new UsageError(
    `cannot write temporary files in ${tmpdir()}: ${fileReason(err)}; nothing was sent`,
    { hint: 'set TMPDIR to a folder with room for a copy of the input' },
  );
}

/** A file only this user can read, alone in a private temporary directory. */
export interface PrivateTempFile {
  path: string;
  /** Open for writing; whoever takes it closes it. */
  fd: number;
  /** Removes the file and its directory; safe to call more than once. */
  remove: () => Promise<void>;
}

/**
 * A new empty file named `name` (0600) in a new private temporary directory (`prefix`, as
 * `privateTempDir`): the directory is the process's own, so no other user can take the
 * name first or read what is written.
 */
export async function privateTempFile(prefix: string, name: string): Promise<PrivateTempFile> {
  const dir = await privateTempDir(prefix);
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, name);
  try {
    return { path, fd: openSync(path, 'wx', 0o600), remove };
  } catch (err) {
    await remove();
    throw err;
  }
}
