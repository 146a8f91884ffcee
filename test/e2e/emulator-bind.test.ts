import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/operations.js';
import { adminFetch, cleanEnv, svc, type Emulator } from '../support/e2e.js';
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

  it('guards the admin routes with the token on the network, and refuses them open there', async () => {
    const exposed = await start(['--host', '0.0.0.0']);
    expect(exposed.adminToken).toBeDefined();
    expect((await fetch(`${exposed.url}/_emulator/export`)).status).toBe(401);
    expect((await adminFetch(exposed, '/_emulator/export')).status).toBe(200);
    // Its token came from SVC_EMULATOR_ADMIN_TOKEN: nothing to say, nothing to warn of.
    expect(await stderrOf(exposed)).toBe('');

    const open = await svc(
      ['emulator', 'start', '--port', '0', '--host', '0.0.0.0', '--no-admin-token'],
      cleanEnv(),
    );
    expect(open.exitCode).toBe(2);
    expect(open.stdout).not.toContain('"ready"');
    expect(open.stderr).toMatch(/--host 0\.0\.0\.0 .*--no-admin-token/);

    expect(await stderrOf(await start(['--host', '0.0.0.0', '--no-admin']))).toBe('');
    expect(await stderrOf(await start(['--host', '127.0.0.1']))).toBe('');
  });
});
