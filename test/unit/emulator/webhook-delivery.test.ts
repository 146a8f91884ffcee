/* eslint-disable @typescript-eslint/no-explicit-any -- answers and payloads are read loosely here and checked with expect */
import { createDecipheriv, constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operation, type OperationName } from '../../../src/catalogue/operations.js';
import { RETRY_SCHEDULE_MS } from '../../../src/emulator/webhooks/schedule.js';
import { signatureHeader } from '../../../src/emulator/webhooks/signing.js';
import {
  type Answer,
  startReceiver,
  type WebhookReceiver,
} from '../../support/webhook-receiver.js';
import {
  type Credentials,
  createWorkspace,
  expectSuccess,
  keyHeaders,
  post,
  request,
} from './helpers.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ shared: true, jobDelay: 'manual', webhookTimeoutMs: 300 });
let receiver: WebhookReceiver | undefined;
let accounts = 0;

afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function call(c: Credentials, name: OperationName, data: unknown): Promise<any> {
  return expectSuccess(await post(emu.url, operation(name).path, data, keyHeaders(c)), name);
}

async function admin(path: string, body: unknown, headers: Record<string, string> = {}) {
  const reply = await request(`${emu.url}/_emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as any;
}

const advance = (ms: number) => admin('webhooks/advance', { ms });
const trigger = (c: Credentials, event: string) =>
  admin('webhooks/trigger', { event }, keyHeaders(c));

async function deliveries(webhookId: string) {
  const reply = await request(`${emu.url}/_emulator/webhooks/deliveries?webhookId=${webhookId}`);
  return (reply.json as { deliveries: any[] }).deliveries;
}

/** A fresh workspace with advanced webhooks on and one endpoint at a new receiver. */
async function withEndpoint(answer: (i: number) => Answer, fields: Record<string, unknown> = {}) {
  const c = await createWorkspace(emu.url, `hooks-${++accounts}@example.com`);
  receiver = await startReceiver(answer);
  await call(c, 'webhooks.advancedConfig.update', { isEnabled: true });
  const endpoint = await call(c, 'webhooks.endpoints.create', { url: receiver.url, ...fields });
  const { secret } = await call(c, 'webhooks.endpoints.secret', { endpointId: endpoint.id });
  return { c, endpoint, secret: secret as string, receiver };
}

/**
 * Verifies a request as a receiver would, with the standardwebhooks package, whose clock is
 * set to the emulator's: the manual clock runs ahead of the real one as it is advanced.
 */
function verified(secret: string, got: { headers: Record<string, unknown>; body: string }) {
  vi.useFakeTimers({ toFake: ['Date'], now: Number(got.headers['webhook-timestamp']) * 1000 });
  try {
    return new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as any;
  } finally {
    vi.useRealTimers();
  }
}

describe('the Standard Webhooks signature', () => {
  it("reproduces the documentation's test vector, as the standardwebhooks package signs it", () => {
    const secret = 'whsec_plJ3nmyCDGBKInavdOK15jsl';
    const body = '{"event_type":"ping","data":{"success":true}}';
    const ours = signatureHeader(secret, 'msg_loFOjxBNrRLzqYUf', 1731705121, body);
    expect(ours).toBe('v1,rAvfW3dJ/X/qxhsaXPOyyCGmRKsaKWcsNccKXlIktD0=');
    expect(new Webhook(secret).sign('msg_loFOjxBNrRLzqYUf', new Date(1731705121_000), body)).toBe(
      ours,
    );
  });
});

describe('advanced deliveries', () => {
  it('are signed with the endpoint secret and carry the V2 envelope with the header id', async () => {
    const { c, secret, receiver } = await withEndpoint(() => 200);
    const { webhookId } = await trigger(c, 'comment.add');
    const [got] = await receiver.waitFor(1);
    const payload = verified(secret, got!);
    expect(got!.headers['webhook-id']).toBe(webhookId);
    expect(payload).toMatchObject({
      event: 'comment.add',
      actionType: 'add',
      source: 'comment',
      platform: 'sdk',
      webhookId,
      data: {
        commentAnnotation: { annotationId: expect.any(String) },
        targetComment: { commentId: 202 },
      },
    });
    // Another secret does not verify it.
    expect(() => verified('whsec_plJ3nmyCDGBKInavdOK15jsl', got!)).toThrow();
  });

  it('retry after a 500, a 302 and a timeout on the schedule, with one id, then tell of exhaustion', async () => {
    const answers: Answer[] = [500, 302, 'hang', 500, 500, 500, 500, 500];
    const { c, secret, receiver, endpoint } = await withEndpoint((i) => answers[i] ?? 200);
    const { webhookId } = await trigger(c, 'crdt.update_data');
    await receiver.waitFor(1);
    for (const [n, delay] of RETRY_SCHEDULE_MS.slice(1).entries()) {
      // One millisecond short of the delay nothing happens; at the delay the next attempt.
      await advance(delay - 1);
      expect(receiver.received, `before attempt ${n + 2}`).toHaveLength(n + 1);
      await advance(1);
      expect(receiver.received, `attempt ${n + 2}`).toHaveLength(n + 2);
    }
    const attempts = receiver.received.slice(0, 8);
    expect(new Set(attempts.map((r) => r.headers['webhook-id']))).toEqual(new Set([webhookId]));
    for (const got of attempts) expect(verified(secret, got).event).toBe('crdt.update_data');
    const seconds = attempts.map((r) => Number(r.headers['webhook-timestamp']));
    expect(seconds.slice(1).map((s, i) => s - (seconds[i] ?? 0))).toEqual(
      RETRY_SCHEDULE_MS.slice(1).map((ms) => ms / 1000),
    );

    // The ninth request is the exhaustion event, to the same endpoint (it takes every event).
    const exhausted = verified(secret, (await receiver.waitFor(9))[8]!);
    expect(exhausted).toMatchObject({
      event: 'message.attempt.exhausted',
      data: { endpointId: endpoint.id, msgId: webhookId, eventType: 'crdt.update_data' },
    });
    const [delivery] = await deliveries(webhookId);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.map((a: { statusCode: number | null }) => a.statusCode)).toEqual([
      500,
      302,
      null,
      500,
      500,
      500,
      500,
      500,
    ]);
    expect(delivery.attempts[2].error).toBe('no answer within 300 ms');
    // Nothing more is planned.
    await advance(48 * 3_600_000);
    expect(receiver.received).toHaveLength(9);
  });

  it('stop retrying once a 204 answers', async () => {
    const { c, receiver } = await withEndpoint((i) => (i === 0 ? 500 : 204));
    const { webhookId } = await trigger(c, 'comment.add');
    await receiver.waitFor(1);
    await advance(5_000);
    expect(receiver.received).toHaveLength(2);
    await advance(48 * 3_600_000);
    expect(receiver.received).toHaveLength(2);
    const [delivery] = await deliveries(webhookId);
    expect(delivery.status).toBe('succeeded');
  });

  it('go only to endpoints whose filter has the event, and throttle past the rate limit', async () => {
    const { c, receiver } = await withEndpoint(() => 200, {
      filterTypes: ['comment.add'],
      rateLimit: 1,
    });
    await trigger(c, 'crdt.update_data');
    for (let i = 0; i < 3; i++) await trigger(c, 'comment.add');
    await receiver.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // One a second: the others wait, none is dropped, none of the filtered event comes.
    expect(receiver.received).toHaveLength(1);
    await advance(1_000);
    expect(receiver.received).toHaveLength(2);
    await advance(1_000);
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.map((r) => JSON.parse(r.body).event)).toEqual([
      'comment.add',
      'comment.add',
      'comment.add',
    ]);
  });

  it('switch an endpoint off after 5 days in which every attempt failed', async () => {
    const { c, receiver, endpoint } = await withEndpoint(() => 500, {
      filterTypes: ['comment.add'],
    });
    await trigger(c, 'comment.add');
    await receiver.waitFor(1);
    for (const day of [2, 4]) {
      await advance(2 * 24 * 3_600_000);
      await trigger(c, 'comment.add');
      await receiver.waitFor(receiver.received.length + 1).catch(() => undefined);
      const [listed] = (await call(c, 'webhooks.endpoints.list', {})).endpoints;
      expect(listed.disabled, `day ${day}`).toBe(false);
    }
    await advance(24 * 3_600_000 + 1);
    await trigger(c, 'comment.add');
    await receiver.waitFor(receiver.received.length + 1);
    const [listed] = (await call(c, 'webhooks.endpoints.list', {})).endpoints;
    expect(listed).toMatchObject({ id: endpoint.id, disabled: true });
    const before = receiver.received.length;
    await trigger(c, 'comment.add');
    await advance(24 * 3_600_000);
    expect(receiver.received).toHaveLength(before);
  });
});

describe('basic deliveries', () => {
  async function basic(config: Record<string, unknown>) {
    const c = await createWorkspace(emu.url, `basic-${++accounts}@example.com`);
    receiver = await startReceiver(() => 200);
    await call(c, 'webhooks.config.update', {
      useWebhookService: true,
      webhookServiceConfig: { rawNotificationUrl: receiver.url, ...config },
    });
    return { c, receiver };
  }

  it('send the token as "Authorization: Basic", Base64-encoded when asked, and honour the triggers', async () => {
    const { c, receiver } = await basic({ authToken: 'hook-token-42', encodeData: true });
    const { webhookId } = await trigger(c, 'comment.add');
    const [got] = await receiver.waitFor(1);
    expect(got!.headers.authorization).toBe('Basic hook-token-42');
    expect(got!.headers['webhook-signature']).toBeUndefined();
    const { encodedPayload, ...rest } = JSON.parse(got!.body);
    expect(rest).toEqual({});
    const payload = JSON.parse(Buffer.from(encodedPayload, 'base64').toString('utf8'));
    expect(payload).toMatchObject({
      webhookId,
      actionType: 'added',
      notificationSource: 'comment',
      platform: 'sdk',
      commentAnnotation: { annotationId: expect.any(String) },
      metadata: { apiKey: c.apiKey },
    });
    // CRDT is off by default, until its trigger is switched on.
    await trigger(c, 'crdt.update_data');
    await trigger(c, 'huddle.join');
    await receiver.waitFor(2);
    expect(
      JSON.parse(
        Buffer.from(JSON.parse(receiver.received[1]!.body).encodedPayload, 'base64').toString(),
      ).actionType,
    ).toBe('joined');
    await call(c, 'webhooks.config.update', {
      webhookServiceConfig: { triggers: { 'crdt.update_data': true }, encodeData: false },
    });
    await trigger(c, 'crdt.update_data');
    const [, , crdt] = await receiver.waitFor(3);
    expect(JSON.parse(crdt!.body)).toMatchObject({
      actionType: 'updateData',
      notificationSource: 'crdt',
      crdtData: { id: expect.any(String) },
      accessDeniedUsers: [],
    });
  });

  it('encrypt with AES-256-CBC, the key wrapped by RSA-OAEP SHA-256 under the configured key', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const bare = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const { c, receiver } = await basic({ encryptData: true, publicKey: bare });
    const { webhookId } = await trigger(c, 'huddle.create');
    const [got] = await receiver.waitFor(1);
    const body = JSON.parse(got!.body) as {
      encryptedData: string;
      encryptedKey: string;
      iv: string;
    };
    expect(Object.keys(body).sort()).toEqual(['encryptedData', 'encryptedKey', 'iv']);
    const key = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(body.encryptedKey, 'base64'),
    );
    expect(key).toHaveLength(32);
    const iv = Buffer.from(body.iv, 'base64');
    expect(iv).toHaveLength(16);
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body.encryptedData, 'base64')),
      decipher.final(),
    ]).toString('utf8');
    expect(JSON.parse(plain)).toMatchObject({
      webhookId,
      actionType: 'created',
      notificationSource: 'huddle',
    });
  });
});

describe('where webhooks may go', () => {
  it('only to loopback unless the host was allowed at start: other hosts are not contacted', async () => {
    const c = await createWorkspace(emu.url, `hosts-${++accounts}@example.com`);
    await call(c, 'webhooks.advancedConfig.update', { isEnabled: true });
    await call(c, 'webhooks.endpoints.create', { url: 'http://hooks.example.com/in' });
    const { webhookId } = await trigger(c, 'comment.add');
    await expect.poll(async () => (await deliveries(webhookId))[0]?.attempts.length).toBe(1);
    const [delivery] = await deliveries(webhookId);
    expect(delivery.attempts[0]).toMatchObject({
      statusCode: null,
      error:
        'not sent: the emulator sends webhooks to loopback and --webhook-host hosts only, not hooks.example.com',
    });
  });
});

describe('a basic webhook auth token', () => {
  it('is refused, naming the field, when it holds a character a header cannot carry', async () => {
    const c = await createWorkspace(emu.url, `header-${++accounts}@example.com`);
    for (const authToken of ['a\r\nX-Injected: 1', 'a\nb', 'two words', 'tab\there', 'caf\u00e9']) {
      const reply = await post(
        emu.url,
        operation('webhooks.config.update').path,
        { useWebhookService: true, webhookServiceConfig: { authToken } },
        keyHeaders(c),
      );
      expect(reply.status, authToken).toBe(400);
      expect((reply.json as { error: { message: string } }).error.message).toContain(
        'webhookServiceConfig.authToken',
      );
    }
    // Nothing was stored: the configuration has no token yet.
    const config = await call(c, 'webhooks.config.get', {});
    expect(config.webhookServiceConfig?.authToken ?? '').toBe('');
  });
});

describe('a password in a receiver URL', () => {
  it('goes out as Basic auth, and the deliveries route shows it masked', async () => {
    const c = await createWorkspace(emu.url, `userinfo-${++accounts}@example.com`);
    receiver = await startReceiver(() => 204);
    await call(c, 'webhooks.advancedConfig.update', { isEnabled: true });
    const url = receiver.url.replace('http://', 'http://bob:hunter2@');
    await call(c, 'webhooks.endpoints.create', { url });
    const { webhookId } = await trigger(c, 'comment.add');
    const [got] = await receiver.waitFor(1);
    expect(got?.headers.authorization).toBe(
      `Basic ${Buffer.from('bob:hunter2').toString('base64')}`,
    );
    const [delivery] = await deliveries(webhookId);
    expect(delivery.url).toBe(receiver.url.replace('http://', 'http://bob:****@'));
    expect(JSON.stringify(delivery)).not.toContain('hunter2');
  });
});

describe('the emulator is not its own receiver', () => {
  async function refused(c: Credentials, name: OperationName, data: unknown) {
    const reply = await post(emu.url, operation(name).path, data, keyHeaders(c));
    expect(reply.status, reply.text).toBe(400);
    return (reply.json as { error: { status: string; message: string } }).error;
  }

  it('refuses its own port under any loopback name, and /_emulator/ paths anywhere, in every URL a webhook takes', async () => {
    const c = await createWorkspace(emu.url, `self-${++accounts}@example.com`);
    await call(c, 'webhooks.advancedConfig.update', { isEnabled: true });
    const { port } = new URL(emu.url);
    const own = [
      `http://127.0.0.1:${port}/hooks`,
      `http://localhost:${port}/`,
      `http://127.0.0.2:${port}/v2/users/get`,
      `http://[::1]:${port}/x`,
      'http://127.0.0.1:9/_emulator/seed',
      'http://127.0.0.1:9/%5Femulator/export',
    ];
    for (const url of own) {
      expect(await refused(c, 'webhooks.endpoints.create', { url })).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: expect.stringContaining('url must not point at the emulator itself'),
      });
    }
    const endpoint = await call(c, 'webhooks.endpoints.create', { url: 'http://127.0.0.1:9/in' });
    expect(
      await refused(c, 'webhooks.endpoints.update', { endpointId: endpoint.id, url: own[0] }),
    ).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(
      await refused(c, 'webhooks.config.update', {
        useWebhookService: true,
        webhookServiceConfig: { rawNotificationUrl: own[1] },
      }),
    ).toMatchObject({
      message: expect.stringContaining('rawNotificationUrl must not point at the emulator'),
    });
    // Nothing of it was kept: the one endpoint is the one allowed.
    const listed = await call(c, 'webhooks.endpoints.list', {});
    expect(listed.endpoints.map((e: { url: string }) => e.url)).toEqual(['http://127.0.0.1:9/in']);
  });
});

describe('svc webhooks trigger', () => {
  it('sends a sample of every event of the catalogue in the V2 envelope', async () => {
    const { webhookEvents } = await import('../../../src/catalogue/webhook-events.js');
    const { c, secret, receiver } = await withEndpoint(() => 200);
    for (const event of webhookEvents) await trigger(c, event.name);
    const got = await receiver.waitFor(webhookEvents.length);
    const payloads = got.map((r) => verified(secret, r));
    expect(payloads.map((p) => p.event)).toEqual(webhookEvents.map((e) => e.name));
    for (const [i, event] of webhookEvents.entries()) {
      expect(payloads[i]).toMatchObject({ source: event.source, actionType: event.actionType });
      expect(Object.keys(payloads[i].data).length, event.name).toBeGreaterThan(0);
    }
  });
});
