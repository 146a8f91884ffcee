import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { execa, type ResultPromise } from 'execa';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { adminFetch, SVC, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';
import { startReceiver } from '../support/webhook-receiver.js';

const emulator = useEmulator({ jobDelay: 'manual' });

/** The receiver that docs/webhooks.md shows, as it is written there. */
function documentedReceiver(): string {
  const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('docs/webhooks.md shows no receiver');
  const file = join(mkdtempSync(join(tmpdir(), 'svc-receiver-')), 'receiver.mjs');
  writeFileSync(file, code);
  return file;
}

/** Each line a process writes to a stream, as it comes. */
function lines(stream: NodeJS.ReadableStream) {
  const seen: string[] = [];
  const waiters: { test: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  createInterface({ input: stream }).on('line', (line) => {
    seen.push(line);
    for (const w of waiters.splice(0)) {
      if (w.test(line)) w.resolve(line);
      else waiters.push(w);
    }
  });
  return {
    seen,
    next(test: (l: string) => boolean = () => true, timeoutMs = 20_000): Promise<string> {
      const found = seen.find(test);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such line in: ${seen.join('\n')}`)),
          timeoutMs,
        );
        waiters.push({ test, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      });
    },
  };
}

const running: ResultPromise[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

async function advance(ms: number) {
  const res = await adminFetch(emulator, '/_emulator/webhooks/advance', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  expect(res.status).toBe(200);
}

async function endpointCount(): Promise<number> {
  const listed = await svc(['webhooks', 'endpoints', 'list', '--all', '--json'], emulator.env);
  return (JSON.parse(listed.stdout) as { endpoints: unknown[] }).endpoints.length;
}

describe('svc webhooks listen', () => {
  it('forwards signed deliveries to the documented receiver, a crdt update once after the debounce, and removes its endpoint on Ctrl-C', async () => {
    expect(
      (await svc(['webhooks', 'config', 'update', '--advanced', '--enable'], emulator.env))
        .exitCode,
    ).toBe(0);
    const before = await endpointCount();

    // The receiver of the docs, on a free port.
    const port = await (async () => {
      const probe = await startReceiver();
      const p = new URL(probe.url).port;
      await probe.close();
      return p;
    })();
    const listen = execa(
      SVC,
      [
        'webhooks',
        'listen',
        '--forward-to',
        `http://127.0.0.1:${port}/webhooks`,
        '--events',
        'comment.add,crdt.update_data',
        '--json',
      ],
      { env: emulator.env, extendEnv: false, reject: false },
    );
    running.push(listen);
    const out = lines(listen.stdout!);
    const first = JSON.parse(await out.next()) as { endpointId: string; secret: string };
    expect(first.secret).toMatch(/^whsec_/);
    expect(await endpointCount()).toBe(before + 1);

    const receiver = execa('node', [documentedReceiver()], {
      env: { WEBHOOK_SECRET: first.secret, PORT: port, PATH: process.env.PATH ?? '' },
      extendEnv: false,
      reject: false,
    });
    running.push(receiver);
    const heard = lines(receiver.stdout!);
    await heard.next((l) => l.startsWith('listening on'));

    const triggered = await svc(
      ['webhooks', 'trigger', 'comment.add', '--org', 'acme', '--doc', 'plan', '--json'],
      emulator.env,
    );
    expect(triggered.exitCode, triggered.stderr).toBe(0);
    const { webhookId } = JSON.parse(triggered.stdout) as { webhookId: string };
    expect(JSON.parse(await heard.next((l) => l.includes(webhookId)))).toEqual({
      event: 'comment.add',
      webhookId,
    });
    const attempt = JSON.parse(await out.next((l) => l.includes(webhookId))) as Record<
      string,
      unknown
    >;
    expect(attempt).toMatchObject({ event: 'comment.add', attempt: 1, status: 204, webhookId });
    expect(Date.parse(String(attempt.time))).not.toBeNaN();

    // A filtered-out event never reaches it; two quick CRDT updates reach it once, after 5 s.
    await svc(['webhooks', 'trigger', 'huddle.create'], emulator.env);
    for (const text of ['Q4 plan', 'Q4 plan, final']) {
      const updated = await svc(
        [
          'crdt',
          'update',
          '--org',
          'acme',
          '--doc',
          'plan',
          '--editor',
          'title',
          '--type',
          'text',
          '--data',
          text,
        ],
        emulator.env,
      );
      expect(updated.exitCode, updated.stderr).toBe(0);
    }
    await advance(4_999);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.seen.filter((l) => l.includes('crdt.update_data'))).toEqual([]);
    await advance(1);
    const crdtLine = JSON.parse(await heard.next((l) => l.includes('crdt.update_data'))) as {
      webhookId: string;
    };
    await advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.seen.filter((l) => l.includes('crdt.update_data'))).toHaveLength(1);
    expect(heard.seen.some((l) => l.includes('huddle'))).toBe(false);

    // The forwarded request verifies with the standardwebhooks package too, data and all.
    const direct = await adminFetch(
      emulator,
      `/_emulator/webhooks/deliveries?webhookId=${crdtLine.webhookId}`,
    );
    const [delivery] = (
      (await direct.json()) as {
        deliveries: { payload: { data: { crdtData: { data: string } } } }[];
      }
    ).deliveries;
    expect(delivery?.payload.data.crdtData.data).toBe('Q4 plan, final');

    // Ctrl-C: a real SIGINT; the endpoint goes, and listen ends cleanly.
    listen.kill('SIGINT');
    const ended = await listen;
    expect(ended.exitCode, ended.stderr).toBe(0);
    expect(await endpointCount()).toBe(before);
  });

  it('prints the secret on stderr first without --json, and one line per attempt on stdout', async () => {
    await svc(['webhooks', 'config', 'update', '--advanced', '--enable'], emulator.env);
    const target = await startReceiver(() => 500);
    const listen = execa(SVC, ['webhooks', 'listen', '--forward-to', target.url], {
      env: emulator.env,
      extendEnv: false,
      reject: false,
    });
    running.push(listen);
    const err = lines(listen.stderr!);
    const out = lines(listen.stdout!);
    const ready = await err.next();
    const secret = /Signing secret: (whsec_\S+)/.exec(ready)?.[1] ?? '';
    expect(secret).not.toBe('');
    await svc(['webhooks', 'trigger', 'comment.add'], emulator.env);
    const [got] = await target.waitFor(1);
    verifyForwarded(secret, got!);
    expect(await out.next()).toMatch(
      /^\d{4}-\d\d-\d\dT\S+Z {2}comment\.add {2}attempt 1 {2}→ 500$/,
    );
    await advance(5_000);
    expect(await out.next((l) => l.includes('attempt 2'))).toMatch(
      /comment\.add {2}attempt 2 {2}→ 500$/,
    );
    listen.kill('SIGINT');
    expect((await listen).exitCode).toBe(0);
    await target.close();
  });
});

describe('svc webhooks listen takes only what the emulator signed', () => {
  /** The relay's own URL: the endpoint it registered, found by its description. */
  async function relayUrl(): Promise<string> {
    const listed = await svc(['webhooks', 'endpoints', 'list', '--all', '--json'], emulator.env);
    const { endpoints } = JSON.parse(listed.stdout) as {
      endpoints: { url: string; description?: string }[];
    };
    const own = endpoints.find((e) => e.description?.startsWith('svc webhooks listen'));
    if (!own) throw new Error('no endpoint of svc webhooks listen');
    return own.url;
  }

  /** The largest resident set a process has had, in MiB, from /proc. */
  function peakRssMiB(pid: number): number {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
  }

  it('answers a forged PUT, an unsigned POST and a 400 MB POST without forwarding or printing them', async () => {
    await svc(['webhooks', 'config', 'update', '--advanced', '--enable'], emulator.env);
    const target = await startReceiver(() => 200);
    const listen = execa(SVC, ['webhooks', 'listen', '--forward-to', target.url, '--json'], {
      env: emulator.env,
      extendEnv: false,
      reject: false,
    });
    running.push(listen);
    const out = lines(listen.stdout!);
    const { secret } = JSON.parse(await out.next()) as { secret: string };
    const relay = await relayUrl();
    const forged = {
      'content-type': 'application/json',
      'webhook-id': 'msg_forged',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl',
    };
    const body = JSON.stringify({ event: 'comment.add', data: {} });

    const put = await fetch(relay, { method: 'PUT', headers: forged, body });
    expect(put.status).toBe(405);
    const unsigned = await fetch(relay, { method: 'POST', headers: forged, body });
    expect(unsigned.status).toBe(401);

    // 400 MB, streamed without a length: the relay stops reading long before the end.
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const flood = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 400) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const huge = await fetch(relay, {
      method: 'POST',
      headers: forged,
      body: flood,
      duplex: 'half',
    } as RequestInit).catch((err: unknown) => err);
    if (huge instanceof Response) expect(huge.status).toBe(413);
    expect(peakRssMiB(listen.pid!)).toBeLessThan(150);

    // A real delivery still goes through, and is the only line printed.
    await svc(['webhooks', 'trigger', 'comment.add'], emulator.env);
    const [got] = await target.waitFor(1);
    verifyForwarded(secret, got!);
    const printed = JSON.parse(await out.next((l) => l.includes('"webhookId"'))) as {
      webhookId: string;
      attempt: number;
    };
    expect(printed.webhookId).not.toBe('msg_forged');
    expect(printed.attempt).toBe(1);
    listen.kill('SIGINT');
    const done = await listen;
    expect(done.exitCode).toBe(0);
    expect(target.received).toHaveLength(1);
    expect(done.stdout).not.toContain('msg_forged');
    expect(done.stderr).toContain('refused a PUT request');
    expect(done.stderr).toMatch(/refused [3-9] requests in all/);
    await target.close();
  });

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(`removes its endpoint on ${signal}, and exits ${code}`, async () => {
      await svc(['webhooks', 'config', 'update', '--advanced', '--enable'], emulator.env);
      const before = await endpointCount();
      const listen = execa(
        SVC,
        ['webhooks', 'listen', '--forward-to', 'http://127.0.0.1:9/hooks', '--json'],
        { env: emulator.env, extendEnv: false, reject: false },
      );
      running.push(listen);
      await lines(listen.stdout!).next();
      expect(await endpointCount()).toBe(before + 1);
      listen.kill(signal);
      expect((await listen).exitCode).toBe(code);
      expect(await endpointCount()).toBe(before);
    });
  }

  it('refuses a base URL that is not an emulator, before registering anything', async () => {
    const probe = await startReceiver(() => 404);
    const notEmulator = new URL(probe.url).origin;
    const r = await svc(['webhooks', 'listen', '--forward-to', 'http://127.0.0.1:9/hooks'], {
      ...emulator.env,
      SVC_BASE_URL: notEmulator,
    });
    await probe.close();
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`works only with svc's emulator, and ${notEmulator} is not one`);
    // It asked whether the URL is an emulator, and sent nothing else.
    expect(probe.received.every((got) => got.body === '')).toBe(true);
  });
});

/** Verifies a forwarded request with the standardwebhooks package, as a receiver would. */
function verifyForwarded(
  secret: string,
  got: { headers: Record<string, unknown>; body: string },
): void {
  const payload = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as {
    event: string;
  };
  expect(payload.event).toBe('comment.add');
}
