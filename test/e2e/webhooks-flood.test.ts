import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { adminFetch } from '../support/e2e.js';
import { startSeededEmulator, type SeededEmulator } from '../support/seeded-emulator.js';

/**
 * Webhook delivery is bounded (docs/emulator-security.md): endpoints per API key, attempts in
 * flight and their sockets, and one `message.attempt.exhausted` per message, so receivers
 * that never answer cannot take the emulator down. Real sockets on 127.0.0.1; memory and
 * descriptors read from /proc.
 */

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.stop();
});

/** A TCP listener that accepts every connection and never answers. */
async function silentListener(): Promise<{
  url: string;
  sockets: Set<Socket>;
  stop(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    sockets,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function keyHeaders(emulator: SeededEmulator): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-service-api-key': emulator.workspace.apiKey,
    'x-service-auth-token': emulator.workspace.authToken,
  };
}

async function call(emulator: SeededEmulator, path: string, data: unknown) {
  const res = await fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: keyHeaders(emulator),
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function trigger(emulator: SeededEmulator, event: string): Promise<string> {
  const res = await adminFetch(emulator, '/_emulator/webhooks/trigger', {
    method: 'POST',
    headers: keyHeaders(emulator),
    body: JSON.stringify({ event }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { webhookId: string }).webhookId;
}

function procStatus(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
}

async function enableAdvanced(emulator: SeededEmulator): Promise<void> {
  const r = await call(emulator, '/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
  expect(r.status).toBe(200);
}

describe('webhook delivery under a flood', () => {
  it('caps endpoints per key, and keeps answering health with bounded memory and sockets while 50 endpoints never answer', async () => {
    const emulator = await startSeededEmulator();
    running.push(emulator);
    const listener = await silentListener();
    running.push(listener);
    const pid = emulator.process.pid!;
    await enableAdvanced(emulator);
    const create = '/v2/workspace/advancedwebhook/endpoints/create';
    for (let i = 0; i < 50; i++) {
      expect((await call(emulator, create, { url: `${listener.url}/${i}` })).status).toBe(200);
    }
    const refused = await call(emulator, create, { url: `${listener.url}/50` });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { status: 'FAILED_PRECONDITION', message: expect.stringContaining('at most 50') },
    });

    const startRss = procStatus(pid, 'VmRSS');
    for (let i = 0; i < 40; i++) await trigger(emulator, 'comment.add');
    // 2,000 deliveries, none answered: health answers throughout, well within a second.
    const until = Date.now() + 6_000;
    let slowest = 0;
    while (Date.now() < until) {
      const started = Date.now();
      const res = await fetch(`${emulator.url}/_emulator/health`, {
        signal: AbortSignal.timeout(1_000),
      });
      expect(res.status).toBe(200);
      slowest = Math.max(slowest, Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(slowest).toBeLessThan(1_000);
    expect(procStatus(pid, 'VmHWM')).toBeLessThan(150);
    expect(procStatus(pid, 'VmRSS') - startRss).toBeLessThan(100);
    // Attempts in flight are capped at 16, and so are the sockets they hold.
    expect(listener.sockets.size).toBeLessThanOrEqual(16);
    expect(readdirSync(`/proc/${pid}/fd`).length).toBeLessThan(200);
  });

  it('sends one message.attempt.exhausted per message, however many endpoints exhausted it', async () => {
    const emulator = await startSeededEmulator({ jobDelay: '0' });
    running.push(emulator);
    await enableAdvanced(emulator);
    const port = await closedPort();
    for (let i = 0; i < 30; i++) {
      const r = await call(emulator, '/v2/workspace/advancedwebhook/endpoints/create', {
        url: `http://127.0.0.1:${port}/${i}`,
      });
      expect(r.status).toBe(200);
    }
    await trigger(emulator, 'comment.add');
    // With an instant clock every attempt runs at once; wait until none is pending.
    type Delivery = { event: string; status: string };
    let deliveries: Delivery[] = [];
    for (let tries = 0; tries < 100; tries++) {
      const res = await adminFetch(emulator, '/_emulator/webhooks/deliveries?limit=500');
      deliveries = ((await res.json()) as { deliveries: Delivery[] }).deliveries;
      if (deliveries.length > 0 && deliveries.every((d) => d.status !== 'pending')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const exhausted = deliveries.filter((d) => d.event === 'message.attempt.exhausted');
    const comments = deliveries.filter((d) => d.event === 'comment.add');
    expect(comments).toHaveLength(30);
    expect(comments.every((d) => d.status === 'failed')).toBe(true);
    // One exhaustion message, delivered to each of the 30 endpoints; it does not chain.
    expect(exhausted).toHaveLength(30);
  });
});
