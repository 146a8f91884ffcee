import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/operations.js';
import type { Emulator } from '../support/e2e.js';
import { emulatorsPerTest } from '../support/seeded-emulator.js';

/** An address of this machine other than loopback, when it has one. */
const otherAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

/** 'connected', or the error code of the attempt. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, host, () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const portOf = (e: Emulator) => Number(new URL(e.url).port);

const { start, stderrOf } = emulatorsPerTest();

describe('svc emulator start: where it listens', () => {
  it('binds 127.0.0.1 by default and says so in its ready line', async () => {
    const e = await start();
    expect(e.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await tryConnect('127.0.0.1', portOf(e))).toBe('connected');
    expect((await fetch(`${e.url}/_emulator/health`)).status).toBe(200);
    expect(await stderrOf(e)).toBe('');
  });

  it.skipIf(!otherAddress)(
    'is unreachable on another address of this machine unless --host names it',
    async () => {
      const address = otherAddress ?? '';
      const local = await start();
      expect(await tryConnect(address, portOf(local))).toBe('ECONNREFUSED');

      const exposed = await start(['--host', address, '--no-admin']);
      expect(exposed.url).toBe(`http://${address}:${portOf(exposed)}`);
      expect(await tryConnect(address, portOf(exposed))).toBe('connected');
      expect(await tryConnect('127.0.0.1', portOf(exposed))).toBe('ECONNREFUSED');
    },
  );
});

describe('svc emulator start: admin routes', () => {
  it('--no-admin answers every /_emulator/ route with the NOT_FOUND envelope', async () => {
    const e = await start(['--no-admin']);
    for (const [method, path] of [
      ['GET', 'health'],
      ['GET', 'export'],
      ['GET', 'journal'],
      ['POST', 'seed'],
      ['POST', 'reset'],
    ] as const) {
      const res = await fetch(`${e.url}/_emulator/${path}`, {
        method,
        ...(method === 'POST' && { body: '{}', headers: { 'content-type': 'application/json' } }),
      });
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toMatchObject({ error: { status: 'NOT_FOUND' } });
    }
    // The service's own routes still answer.
    const created = await fetch(`${e.url}${operation('workspace.create').path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { ownerEmail: 'noadmin@example.com' } }),
    });
    expect(created.status).toBe(200);
  });

  it('warns on stderr when admin routes are reachable from the network', async () => {
    const warned = await stderrOf(await start(['--host', '0.0.0.0']));
    expect(warned).toMatch(/^warning: --host 0\.0\.0\.0 .*admin routes.*--no-admin/m);

    expect(await stderrOf(await start(['--host', '0.0.0.0', '--no-admin']))).toBe('');
    expect(await stderrOf(await start(['--host', '127.0.0.1']))).toBe('');
  });
});
