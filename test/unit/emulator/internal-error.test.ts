import { credentialHeaders } from '../../../src/config/header-prefix.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRequestListener } from '../../../src/emulator/app.js';
import { Faults } from '../../../src/emulator/faults.js';
import type { HandlerTable } from '../../../src/emulator/handlers/types.js';
import { JobEngine } from '../../../src/emulator/jobs/engine.js';
import { Journal } from '../../../src/emulator/journal.js';
import { openSecretBox } from '../../../src/emulator/secrets.js';
import { ContinueHosts, PublicRateLimits } from '../../../src/emulator/service-rules.js';
import { openStore, type Store } from '../../../src/emulator/store/store.js';
import { WebhookClock } from '../../../src/emulator/webhooks/clock.js';
import { WebhookEngine } from '../../../src/emulator/webhooks/engine.js';
import { WebhookHosts } from '../../../src/emulator/webhooks/hosts.js';
import { expectError, post, request } from './helpers.js';

let server: Server;
let url: string;
let port = 0;
let store: Store;
const journal = new Journal();
const internalErrors: unknown[] = [];

beforeAll(async () => {
  store = openStore();
  server = createServer(
    createRequestListener({
      store,
      journal,
      rateLimits: new PublicRateLimits({}, Date.now),
      continueHosts: new ContinueHosts(),
      now: Date.now,
      jobs: new JobEngine({ store, now: Date.now, delay: 'manual' }),
      webhooks: new WebhookEngine({
        store,
        secrets: openSecretBox(undefined),
        clock: new WebhookClock('manual', Date.now, () => undefined),
        hosts: new WebhookHosts(),
        timeoutMs: 1000,
      }),
      secrets: openSecretBox(undefined),
      faults: new Faults(),
      headerNames: credentialHeaders(),
      adminRoutes: true,
      boundAddress: () => ({ host: '127.0.0.1', address: '127.0.0.1', port }),
      onInternalError: (error) => internalErrors.push(error),
      // Only this handler is called here; the rest of the table never is.
      handlers: {
        'workspace.emailStatus': () => {
          throw new Error('boom in /secret/handler.ts:12');
        },
      } as Partial<HandlerTable> as HandlerTable,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  store.close();
});

describe('a handler that throws', () => {
  it('becomes a generic INTERNAL 500 envelope, reported to onInternalError only', async () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      const reply = await post(url, '/v2/workspace/email/status', { ownerEmail: 'a@example.com' });
      expect(expectError(reply, 500, 'INTERNAL')).toBe('Internal error.');
      expect(reply.text).not.toContain('boom');
      expect(reply.text).not.toContain('handler.ts');
      expect(stdout).not.toHaveBeenCalled();
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
    expect(internalErrors).toHaveLength(1);
    expect((internalErrors[0] as Error).message).toBe('boom in /secret/handler.ts:12');
    expect(journal.entries().at(-1)).toMatchObject({ httpStatus: 500, errorStatus: 'INTERNAL' });
  });

  it('leaves the server answering other requests', async () => {
    // Refused by validation, before any handler: the server still reads and answers.
    const reply = await post(url, '/v2/workspace/create', { ownerEmail: 'not an email' });
    expectError(reply, 400, 'INVALID_ARGUMENT');
    expect((await request(`${url}/_emulator/health`)).status).toBe(200);
  });
});
