import { spawn as spawnProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { spawn } from 'node-pty';
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanEnv, SVC } from '../support/e2e.js';
import { startSeededEmulator } from '../support/seeded-emulator.js';

const BINARY = fileURLToPath(new URL('../../dist/svc-linux-x64', import.meta.url));
const SMOKE = fileURLToPath(new URL('../../scripts/smoke-binary.sh', import.meta.url));

/** Everything `file args` writes to a pseudo-terminal `columns` wide, and its exit code. */
function inTerminal(file: string, args: string[], columns: number, env: Record<string, string>) {
  // A shell holds the terminal open a moment after the program exits: node-pty loses what
  // was not read yet when the last process on it goes (the help passes 4 KiB).
  const child = spawn(
    '/bin/sh',
    ['-c', '"$@"; status=$?; sleep 0.3; exit $status', 'sh', file, ...args],
    {
      name: 'xterm-256color',
      cols: columns,
      rows: 40,
      env,
    },
  );
  let output = '';
  child.onData((data) => (output += data));
  return new Promise<{ output: string; code: number }>((resolve) =>
    child.onExit(({ exitCode }) => resolve({ output, code: exitCode })),
  );
}

describe('the single executable, dist/svc-linux-x64', () => {
  beforeEach((context) => {
    // CI builds it after the rest of the suite (.ci/run); `npm run build` alone does not.
    if (!existsSync(BINARY)) context.skip('dist/svc-linux-x64 is not built: npm run build:binary');
  });

  it('passes the smoke test with no node on PATH', async () => {
    const r = await execa('bash', [SMOKE, BINARY], { reject: false, stdin: 'ignore' });
    expect(r.stderr).not.toContain('smoke-binary:');
    expect(r.stdout).toContain('smoke-binary: all passed');
    expect(r.exitCode).toBe(0);
  }, 120_000);

  it('says it is the single executable in svc version --json', async () => {
    const r = await execa(BINARY, ['--version', '--json'], {
      env: cleanEnv(),
      extendEnv: false,
      stdin: 'ignore',
    });
    expect(JSON.parse(r.stdout)).toMatchObject({ build: 'binary' });
  });

  it("serves the emulator's web UI from inside itself", async () => {
    const emulator = execa(BINARY, ['emulator', 'start', '--port', '0'], {
      env: cleanEnv(),
      extendEnv: false,
      stdin: 'ignore',
    });
    try {
      const ready = await new Promise<{ ui: string }>((resolve, reject) => {
        emulator.stdout?.once('data', (chunk: Buffer) => {
          resolve(JSON.parse(chunk.toString()) as { ui: string });
        });
        emulator.catch(reject);
      });
      const page = await fetch(ready.ui);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/_emulator/ui/assets/app.js');
      const script = await fetch(new URL('assets/app.js', ready.ui));
      expect(script.status).toBe(200);
    } finally {
      emulator.kill('SIGTERM');
      await emulator.catch(() => undefined);
    }
  }, 60_000);

  it('prints the same help as the npm package in terminals of any width', async () => {
    const env = cleanEnv();
    delete env.NO_COLOR;
    for (const columns of [1, 9, 43, 80, 137, 300]) {
      const binary = await inTerminal(BINARY, ['--help'], columns, env);
      const npm = await inTerminal(process.execPath, [SVC, '--help'], columns, env);
      expect(binary.code).toBe(0);
      expect(binary.output).toBe(npm.output);
    }
  }, 60_000);

  it('reports bad input as the npm package does: same message, same exit code', async () => {
    const env = cleanEnv();
    for (const args of [
      ['docs', 'list', '--org'],
      ['docs', 'list', '--org', 'o', '--json', '--bogus'],
    ]) {
      const binary = await execa(BINARY, args, {
        env,
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      });
      const npm = await execa(process.execPath, [SVC, ...args], {
        env,
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      });
      expect(binary.exitCode).toBe(2);
      expect(binary.stderr).toBe(npm.stderr);
      expect(binary.stdout).toBe(npm.stdout);
    }
  });

  it('reports a full disk under its output as the npm package does: one line, exit 1', async () => {
    const emulator = await startSeededEmulator();
    /** `file args > /dev/full`: what it writes to stderr, and its exit code. */
    const toFullDevice = async (file: string, args: string[]) => {
      const fd = openSync('/dev/full', 'w');
      try {
        const child = spawnProcess(file, args, {
          env: emulator.env,
          stdio: ['ignore', fd, 'pipe'],
        });
        let stderr = '';
        child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const [exitCode] = (await once(child, 'close')) as [number | null];
        return { exitCode, stderr };
      } finally {
        closeSync(fd);
      }
    };
    try {
      for (const args of [
        ['docs', 'list', '--org', 'acme', '--json'],
        ['docs', 'list', '--org', 'acme'],
      ]) {
        const binary = await toFullDevice(BINARY, args);
        const npm = await toFullDevice(process.execPath, [SVC, ...args]);
        expect(binary.stderr).not.toContain('throw err');
        expect(binary.stderr).toBe(npm.stderr);
        expect(binary.stderr).toContain('cannot write output: no space left on device');
        expect(binary.exitCode).toBe(1);
      }
    } finally {
      await emulator.stop();
    }
  }, 60_000);
});
