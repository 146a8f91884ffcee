import { readFileSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { connect } from 'node:net';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../support/e2e.js';

/**
 * Slow clients cannot shut the emulator out (docs/emulator-security.md): 20,000 connections
 * that send an unfinished request and then a byte every 10 s, from a process of their own
 * with the descriptors for them, while health is asked every quarter of a second. Memory
 * is read from /proc.
 */

const FLOOD = 20_000;
const flood = new URL('../support/trickle-flood.mjs', import.meta.url).pathname;

function rssMiB(pid: number, field = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
}

async function health(url: string): Promise<number> {
  const started = Date.now();
  const res = await fetch(`${url}/_emulator/health`, { signal: AbortSignal.timeout(1_000) });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return Date.now() - started;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow clients', () => {
  it(
    'keep health answering within a second, and memory and descriptors bounded',
    { timeout: 100_000 },
    async () => {
      const emulator = await startEmulator();
      try {
        const pid = emulator.process.pid!;
        for (let i = 0; i < 5; i++) await health(emulator.url);
        const before = rssMiB(pid);
        const port = new URL(emulator.url).port;
        // Two processes of half the flood each: one process may hold at most the machine's
        // descriptor limit (20,000 here), and raising it takes a privilege CI lacks.
        const children = [0, 1].map(() =>
          // At a lower priority: what is under test is the connections it holds, not two
          // processes busy opening them taking both of CI's cores from the emulator.
          execa('nice', ['-n', '10', process.execPath, flood, port, String(FLOOD / 2), '10000'], {
            reject: false,
            stdin: 'ignore',
          }),
        );
        const said: string[] = [];
        const opened = Promise.all(
          children.map(
            (child) =>
              new Promise<void>((resolve) =>
                createInterface({ input: child.stdout! }).on('line', (line) => {
                  said.push(line);
                  if (line.startsWith('opened')) resolve();
                }),
              ),
          ),
        );
        let slowest = 0;
        let checks = 0;
        const asking = (async () => {
          // Health throughout the flood: while it opens its connections and past its first
          // trickled byte.
          for (const until = Date.now() + 12_000; Date.now() < until; checks++) {
            slowest = Math.max(slowest, await health(emulator.url));
            await sleep(250);
          }
        })();
        // A health check that fails while the flood still opens its connections is the
        // failure to report, not an unhandled rejection.
        const asked = asking.then(
          () => undefined,
          (error: unknown) => error,
        );
        await Promise.race([opened, asked]);
        const failed = await asked;
        if (failed !== undefined) throw failed;
        await opened;
        const held = readdirSync(`/proc/${pid}/fd`).length;
        for (const child of children) child.kill('SIGTERM');
        // Each child's whole output, as it ended: a line read as it came may still be on its
        // way when the process is gone.
        const ended = await Promise.all(children);
        const closedLines = ended.flatMap((r) => String(r.stdout).split('\n'));
        expect(closedLines.filter((line) => /^closed-by-server \d+$/.test(line))).toHaveLength(2);
        expect(slowest).toBeLessThan(1_000);
        expect(checks).toBeGreaterThan(25);
        // The connection cap: the descriptors held stay far below the flood.
        expect(held).toBeLessThan(700);
        // While the flood lasts, the emulator holds at most a few hundred connections: its
        // memory grows by what their turnover leaves for the collector, not by 20,000 of them.
        expect(rssMiB(pid, 'VmHWM') - before).toBeLessThan(120);
        // Once the flood is gone, its memory goes back: RSS within 20 MB of where it started
        // (src/cli/heap.ts, favorMemoryWhenIdle), polled, since the collector that returns
        // it runs when the process has been idle a moment.
        let after = rssMiB(pid);
        for (const until = Date.now() + 30_000; after - before >= 20 && Date.now() < until;) {
          await sleep(1_000);
          after = rssMiB(pid);
        }
        expect(after - before).toBeLessThan(20);
      } finally {
        await emulator.stop();
      }
    },
  );

  it('drops a request body that stops arriving, with 408', async () => {
    const emulator = await startEmulator();
    try {
      const { port } = new URL(emulator.url);
      const socket = connect({ host: '127.0.0.1', port: Number(port) });
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      const started = Date.now();
      socket.write(
        `POST /v2/workspace/create HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"data":`,
      );
      await closed;
      const waited = Date.now() - started;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('stopped arriving');
      expect(waited).toBeGreaterThanOrEqual(4_500);
      expect(waited).toBeLessThan(9_000);
    } finally {
      await emulator.stop();
    }
  });
});
