// Which modules a command loads: run it with a resolve hook that records every URL.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const binPath = fileURLToPath(new URL('../../bin/svc', import.meta.url));
const register = fileURLToPath(new URL('./trace-register.mjs', import.meta.url));

/** The non-builtin module URLs that `svc ...args` resolves, in load order. */
export function loadedModules(args, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-trace-'));
  const file = join(dir, 'modules.txt');
  try {
    const r = spawnSync(process.execPath, ['--import', register, binPath, ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env, SVC_TRACE_FILE: file },
    });
    if (r.status !== 0) throw new Error(`svc ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // nothing was resolved
    }
    return [...new Set(text.split('\n').filter((u) => u && !u.startsWith('node:')))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
