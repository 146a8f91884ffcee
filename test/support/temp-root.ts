import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Gives the whole run one temporary directory, removed at the end: the tests (and the svc
 * and emulator processes they spawn, which inherit TMPDIR) make hundreds of directories of
 * configs, inputs and stores, and a run would otherwise leave every one of them behind.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'svc-tests-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
