import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { canMount, mountSmallDisk } from '../support/small-disk.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ args: ['--console-option', 'all'] });

/** A TMPDIR that does not exist: svc cannot make the folders it spools into. */
const missing = '/nonexistent-svc-tmp';

describe('a temporary directory that cannot be used', () => {
  it('stops a bulk run with a message naming it and TMPDIR, before anything is sent', async () => {
    const file = join(emulator.env.SVC_CONFIG_DIR ?? '', 'folders.ndjson');
    writeFileSync(file, '{"folderId":"t1","folderName":"T"}\n');
    const r = await svc(['folders', 'add', '--org', 'acme', '--file', file, '--json'], {
      ...emulator.env,
      TMPDIR: missing,
    });
    expect(r.exitCode).toBe(2);
    const line = JSON.parse(r.stderr) as { error: { status: string; message: string } };
    expect(line.error.status).toBe('USAGE');
    expect(line.error.message).toBe(
      `cannot make a temporary folder in ${missing}: no such file (set TMPDIR to a folder you can write to)`,
    );
    const listed = await svc(['folders', 'list', '--org', 'acme', '--json'], emulator.env);
    expect(listed.stdout).not.toContain('"t1"');
  });

  it('stops emulator exec before it starts the emulator, instead of leaving it running', async () => {
    // Without SVC_CONFIG_DIR, exec makes a config folder of its own for the command.
    const env = Object.fromEntries(
      Object.entries(cleanEnv({ TMPDIR: missing })).filter(([name]) => name !== 'SVC_CONFIG_DIR'),
    );
    const r = await svc(['emulator', 'exec', '--', 'true'], env);
    expect(r.timedOut).toBe(false);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`cannot make a temporary folder in ${missing}: no such file`);
    expect(r.stderr).toContain('set TMPDIR to a folder you can write to');
  });

  // A real full disk needs a mount, which needs root (as CI runs).
  it.runIf(canMount)(
    'stops a bulk run whose copy of the input fills the folder, naming it, before anything is sent',
    async () => {
      const disk = mountSmallDisk(128);
      try {
        const file = join(emulator.env.SVC_CONFIG_DIR ?? '', 'many-folders.ndjson');
        const lines = Array.from(
          { length: 20_000 },
          (_, i) => `{"folderId":"full-${i}","folderName":"F ${i}"}`,
        );
        writeFileSync(file, `${lines.join('\n')}\n`);
        const r = await svc(['folders', 'add', '--org', 'acme', '--file', file, '--json'], {
          ...emulator.env,
          TMPDIR: disk.dir,
        });
        expect(r.exitCode).toBe(2);
        const line = JSON.parse(r.stderr) as { error: { status: string; message: string } };
        expect(line.error.message).toBe(
          `cannot write temporary files in ${disk.dir}: no space left on device; nothing was sent (set TMPDIR to a folder with room for a copy of the input)`,
        );
        const listed = await svc(['folders', 'list', '--org', 'acme', '--json'], emulator.env);
        expect(listed.stdout).not.toContain('"full-0"');
        // Nothing of the run is left behind to fill the folder further.
        expect(readdirSync(disk.dir)).toEqual([]);
      } finally {
        disk.unmount();
      }
    },
  );
});
