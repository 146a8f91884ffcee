import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { execa } from 'execa';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminCallError,
  EmulatorStartError,
  startEmulator,
  type ApiPath,
  type Emulator,
  type Fixture,
  type RequestOf,
  type ResponseOf,
  type StartEmulatorOptions,
  type WorkspaceCredentials,
} from '../../src/emulator/library.js';
import { processAlive } from '../../src/io/temp-dir.js';
import { BASIC_FIXTURE, cleanEnv, goneWithin, svc } from '../support/e2e.js';
import { startReceiver } from '../support/webhook-receiver.js';

const svcWith = (emu: Emulator, args: string[]) => svc(args, cleanEnv(emu.env()));

/** One operation sent with fetch under a key's credentials, its body and answer typed by its path. */
async function call<P extends ApiPath>(
  emu: Emulator,
  path: P,
  body: RequestOf<P>,
  key: WorkspaceCredentials = emu.workspace,
): Promise<ResponseOf<P>> {
  const res = await fetch(`${emu.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-service-api-key': key.apiKey,
      'x-service-auth-token': key.authToken,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as ResponseOf<P>;
}

/** `read()` again until `done` holds of what it gives, for at most `ms`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How a start fails: the EmulatorStartError it rejects with. */
async function startFailure(options: StartEmulatorOptions): Promise<EmulatorStartError> {
  const failure: unknown = await startEmulator(options).then(
    async (emu) => {
      await emu.stop();
      throw new Error('the emulator started');
    },
    (err: unknown) => err,
  );
  expect(failure).toBeInstanceOf(EmulatorStartError);
  return failure as EmulatorStartError;
}

describe('the emulator library: startEmulator()', () => {
  let emu: Emulator;
  let startMs = 0;
  beforeAll(async () => {
    const t0 = performance.now();
    emu = await startEmulator({ seed: BASIC_FIXTURE, jobDelay: 'manual' });
    const res = await fetch(`${emu.url}/_emulator/health`);
    startMs = performance.now() - t0;
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await emu?.stop();
  });

  it("answers its first request, and env() gives a child svc the seed's first workspace", async () => {
    // The figure docs/testing.md quotes: from the call to the first answered request.
    console.log(`startEmulator() to the first answered request: ${startMs.toFixed(0)} ms`);
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.workspace.ownerEmail).toBe('owner@example.com');
    expect(emu.workspaces.map((w) => w.ownerEmail)).toEqual([
      'owner@example.com',
      'rival@example.com',
    ]);
    expect(Object.keys(emu.env()).sort()).toEqual([
      'SVC_API_KEY',
      'SVC_AUTH_TOKEN',
      'SVC_BASE_URL',
      'SVC_EMULATOR_ADMIN_TOKEN',
      'SVC_WORKSPACE_ID',
      'SVC_WORKSPACE_TOKEN',
    ]);
    const docs = await svcWith(emu, ['docs', 'list', '--org', 'acme', '--json']);
    expect(docs.exitCode).toBe(0);
    expect((JSON.parse(docs.stdout) as { id: string }[]).map((d) => d.id)).toContain('plan');
    const status = await svcWith(emu, ['auth', 'status', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ workspace: { valid: true } });
  });

  it('guards its admin routes with a token of its own, which env() and uiUrl carry', async () => {
    expect(emu.adminToken).toMatch(/^[\x21-\x7e]{16,256}$/);
    expect(emu.env().SVC_EMULATOR_ADMIN_TOKEN).toBe(emu.adminToken);
    expect(emu.uiUrl).toBe(`${emu.url}/_emulator/ui/#token=${encodeURIComponent(emu.adminToken)}`);
    expect((await fetch(`${emu.url}/_emulator/export`)).status).toBe(401);
    const exported = await fetch(`${emu.url}/_emulator/export`, {
      headers: { authorization: `Bearer ${emu.adminToken}` },
    });
    expect(exported.status).toBe(200);
    // svc webhooks trigger calls an admin route: env() is enough for it.
    const triggered = await svcWith(emu, ['webhooks', 'trigger', 'comment.add', '--json']);
    expect(triggered.exitCode, triggered.stderr).toBe(0);
    expect(JSON.parse(triggered.stdout)).toMatchObject({ event: 'comment.add' });
  });

  it('reset() puts back the seeded state, and the credentials handed out still work', async () => {
    const plan = () => svcWith(emu, ['docs', 'list', '--org', 'acme', '--doc', 'plan', '--json']);
    const before = await plan();
    expect(before.exitCode).toBe(0);
    const renamed = await svcWith(emu, [
      'docs',
      'update',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--name',
      'Changed',
    ]);
    expect(renamed.exitCode).toBe(0);
    expect((await plan()).stdout).toContain('Changed');
    await emu.seed({ workspaces: [{ ownerEmail: 'extra@example.com' }] });
    await emu.reset();
    const after = await plan();
    expect(after.exitCode).toBe(0);
    expect(JSON.parse(after.stdout)).toEqual(JSON.parse(before.stdout));
    expect(JSON.stringify(await emu.export())).not.toContain('extra@example.com');
  });

  it('seed() loads a fixture object or file and answers its credentials', async () => {
    const [made] = await emu.seed({
      workspaces: [{ ownerEmail: 'new@example.com', organizations: [{ id: 'neworg' }] }],
    });
    expect(made?.ownerEmail).toBe('new@example.com');
    const orgs = await svc(['docs', 'list', '--org', 'neworg', '--json'], cleanEnv(emu.env(made)));
    expect(orgs.exitCode).toBe(0);
    const again = await emu.seed(BASIC_FIXTURE);
    expect(again[0]).toEqual(emu.workspace);
  });

  it('export() of one workspace holds it alone; import() brings it back', async () => {
    const doc = await emu.export(emu.workspace.workspaceId);
    expect(doc.format).toBe('svc-emulator-state');
    expect(doc.workspaceId).toBe(emu.workspace.workspaceId);
    await emu.import(doc);
  });

  it('drives the job clock: a migration waits under manual until jobs.run()', async () => {
    const started = await svcWith(emu, [
      'docs',
      'migrate',
      '--org',
      'acme',
      '--doc',
      'welcome',
      '--to',
      'welcome-2',
      '--json',
    ]);
    expect(started.exitCode).toBe(0);
    const [job] = await emu.jobs.list(emu.workspace.workspaceId);
    expect(job).toMatchObject({ kind: 'migration', status: 'pending' });
    const stepped = await emu.jobs.step(job!.id);
    expect(stepped[0]).toMatchObject({ status: 'in_progress' });
    const ran = await emu.jobs.run();
    expect(ran.find((j) => j.id === job!.id)).toMatchObject({ status: 'completed' });
    await svcWith(emu, [
      'docs',
      'migrate',
      '--org',
      'acme',
      '--doc',
      'welcome-2',
      '--to',
      'welcome-3',
      '--json',
    ]);
    const pending = (await emu.jobs.list()).find((j) => j.status === 'pending');
    const failed = await emu.jobs.fail(pending!.id, 'Disk full.');
    expect(failed[0]).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('Disk full.'),
    });
  });

  it('faults() injects statuses until a plan without rules ends them', async () => {
    // Faults come before authentication: an unauthenticated call shows them.
    const call = () =>
      fetch(`${emu.url}/v2/workspace/email/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { ownerEmail: 'owner@example.com' } }),
      }).then((res) => res.status);
    await emu.faults({ rules: [{ fault: 'status', status: 503, probability: 1 }] });
    expect(await call()).toBe(503);
    await emu.faults({ rules: [] });
    expect(await call()).not.toBe(503);
    // reset() ends them too: a test that failed before its cleanup leaks none to the next.
    await emu.faults({ rules: [{ fault: 'status', status: 503, probability: 1 }] });
    expect(await call()).toBe(503);
    await emu.reset();
    expect(await call()).not.toBe(503);
  });

  it('webhooks: trigger() sends a signed sample, deliveries() shows it, advance() runs the retry', async () => {
    // The first attempt fails; the retry, 5 s later on the webhook clock, succeeds.
    const receiver = await startReceiver((index) => (index === 0 ? 500 : 204));
    try {
      await call(emu, '/v2/workspace/advancedwebhookconfig/update', { data: { isEnabled: true } });
      const created = await call(emu, '/v2/workspace/advancedwebhook/endpoints/create', {
        data: { url: receiver.url, filterTypes: ['comment.add'] },
      });
      const endpointId = created.result.data!.id;
      const { secret } = (
        await call(emu, '/v2/workspace/advancedwebhook/endpoints/secret/get', {
          data: { endpointId },
        })
      ).result.data!;

      const sent = await emu.webhooks.trigger('comment.add', {
        organizationId: 'acme',
        documentId: 'plan',
      });
      expect(sent).toMatchObject({ event: 'comment.add', deliveries: 1 });
      const [first] = await receiver.waitFor(1);
      const payload = new Webhook(secret).verify(
        first!.body,
        first!.headers as Record<string, string>,
      ) as { event: string; webhookId: string };
      expect(payload).toMatchObject({ event: 'comment.add', webhookId: sent.webhookId });

      // The attempt is recorded once the receiver's answer is in.
      const failed = await until(
        () => emu.webhooks.deliveries({ webhookId: sent.webhookId }),
        ([delivery]) => delivery?.attempts.length === 1,
      );
      expect(failed).toMatchObject([
        {
          webhookId: sent.webhookId,
          workspaceId: emu.workspace.workspaceId,
          endpointId,
          event: 'comment.add',
          status: 'pending',
          attempts: [{ attempt: 1, statusCode: 500 }],
          payload: { event: 'comment.add', webhookId: sent.webhookId },
        },
      ]);
      expect(failed[0]!.nextAttemptAt).toEqual(expect.any(Number));

      // The manual clock stands still until advance() moves it past the retry.
      const clock = await emu.webhooks.advance(4_999);
      expect(clock.nextPlanned).toEqual(failed[0]!.nextAttemptAt);
      expect(receiver.received).toHaveLength(1);
      expect((await emu.webhooks.advance(1)).nextPlanned).toBeNull();
      expect(receiver.received).toHaveLength(2);
      new Webhook(secret).verify(receiver.received[1]!.body, {
        ...(receiver.received[1]!.headers as Record<string, string>),
      });
      const [done] = await emu.webhooks.deliveries({
        workspaceId: emu.workspace.workspaceId,
        limit: 1,
      });
      expect(done).toMatchObject({
        id: failed[0]!.id,
        status: 'succeeded',
        nextAttemptAt: null,
        attempts: [{ statusCode: 500 }, { statusCode: 204 }],
      });
      // resend() makes one more attempt, with the same webhook-id.
      const again = await emu.webhooks.resend(done!.id);
      expect(again.attempts).toHaveLength(3);
      expect(receiver.received[2]?.headers['webhook-id']).toBe(sent.webhookId);
    } finally {
      await receiver.close();
    }
  });

  it('webhooks.trigger() goes to the workspace it is given; advance() needs the manual clock', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const rival = emu.workspaces[1]!;
      await call(
        emu,
        '/v2/workspace/advancedwebhookconfig/update',
        { data: { isEnabled: true } },
        rival,
      );
      await call(
        emu,
        '/v2/workspace/advancedwebhook/endpoints/create',
        { data: { url: receiver.url } },
        rival,
      );
      const sent = await emu.webhooks.trigger('huddle.create', { workspace: rival });
      expect(sent.deliveries).toBe(1);
      await receiver.waitFor(1);
      const [delivery] = await emu.webhooks.deliveries({ webhookId: sent.webhookId });
      expect(delivery?.workspaceId).toBe(rival.workspaceId);
    } finally {
      await receiver.close();
    }
    await using moving = await startEmulator({ jobDelay: 0, ui: false });
    const refused = moving.webhooks.advance(1_000);
    await expect(refused).rejects.toBeInstanceOf(AdminCallError);
    await expect(refused).rejects.toMatchObject({
      route: 'webhooks/advance',
      status: 'FAILED_PRECONDITION',
      message: expect.stringContaining('The webhook clock moves by itself'),
    });
  });

  it('journal() shows a request a test made with fetch, typed by its path', async () => {
    const answer = await call(emu, '/v2/organizations/get', {
      data: { organizationIds: ['acme'] },
    });
    expect(answer.result.data?.map((org) => org.id)).toEqual(['acme']);
    const entries = await emu.journal();
    expect(entries.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v2/organizations/get',
      httpStatus: 200,
      operation: 'organizations.get',
      workspaceId: emu.workspace.workspaceId,
    });
    expect(entries.at(-1)?.time).toEqual(expect.any(Number));
    // reset() forgets it.
    await emu.reset();
    expect(await emu.journal()).toEqual([]);
  });

  it('outbox() shows the login links the emulator sent', async () => {
    const link = await svcWith(emu, [
      'workspace',
      'login-link',
      '--email',
      'owner@example.com',
      '--continue-url',
      'http://localhost:3000/done',
    ]);
    expect(link.exitCode).toBe(0);
    const messages = await emu.outbox('owner@example.com');
    expect(messages.at(-1)?.link).toContain('/_emulator/verify?token=');
  });
});

describe('the emulator library: lifecycle', () => {
  it('stop() ends the emulator process, and a second stop() is harmless', async () => {
    const emu = await startEmulator({ consoleOptions: 'all', jobDelay: 0 });
    expect(emu.workspace.ownerEmail).toBe('owner@example.com');
    expect(processAlive(emu.pid)).toBe(true);
    await emu.stop();
    expect(processAlive(emu.pid)).toBe(false);
    await emu.stop();
    await expect(fetch(`${emu.url}/_emulator/health`)).rejects.toThrow();
  });

  it('Symbol.asyncDispose stops it, so `await using` does', async () => {
    let pid = 0;
    {
      await using emu = await startEmulator();
      pid = emu.pid;
      expect(processAlive(pid)).toBe(true);
    }
    expect(processAlive(pid)).toBe(false);
  });

  it('reset() puts back the fault plan it started with, whatever faults() set since', async () => {
    const limited = '/v2/workspace/email/status';
    await using emu = await startEmulator({
      faults: { rules: [{ path: limited, fault: 'status', status: 429, probability: 1 }] },
      ui: false,
    });
    const status = (path: string) =>
      fetch(`${emu.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { ownerEmail: 'owner@example.com' } }),
      }).then((res) => res.status);
    expect(await status(limited)).toBe(429);
    await emu.faults({ rules: [{ fault: 'status', status: 503, probability: 1 }] });
    expect(await status(limited)).toBe(503);
    // A test that fails here, before its own cleanup, leaves its plan to no other.
    await emu.reset();
    expect(await status(limited)).toBe(429);
    expect(await status('/v2/workspace/get')).not.toBe(503);
    expect((await emu.journal()).map((entry) => entry.fault)).toEqual(['status 429', undefined]);
  });

  it('a bad seed file fails the start with the emulator naming the file', async () => {
    const bad = `${process.env.TMPDIR ?? '/tmp'}/bad-seed-${process.pid}.json`;
    await import('node:fs').then((fs) =>
      fs.writeFileSync(bad, '{"workspaces": [{"ownerEmail": 3}]}'),
    );
    const failure = await startFailure({ seed: bad });
    expect(failure.code).toBe('invalid-fixture');
    expect(failure.message).toMatch(/bad-seed-.*ownerEmail/s);
    const missing = await startFailure({ seed: `${bad}.missing` });
    expect(missing.code).toBe('invalid-fixture');
    expect(missing.message).toContain(`the seed file ${bad}.missing cannot be read`);
  });
});

describe('startEmulator() errors: one class, with a code', () => {
  it('a seed object that is not a fixture: invalid-fixture', async () => {
    const failure = await startFailure({ seed: { workspacez: [] } as unknown as Fixture });
    expect(failure.code).toBe('invalid-fixture');
    expect(failure.message).toMatch(/^the seed is not a fixture .*workspacez/s);
    expect(failure.message).not.toContain('request body');
    const empty = await startFailure({ seed: { workspaces: [] } });
    expect(empty.code).toBe('invalid-fixture');
    expect(empty.message).toContain('the seed names no workspace');
  });

  it("a port in use: port-in-use, in the emulator's words and what to do", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const failure = await startFailure({ port });
      expect(failure.code).toBe('port-in-use');
      expect(failure.message).toBe(
        `port ${port} is already in use: give another port, or 0 (the default) for a free one`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('a port fetch will not reach, or no port at all: refused before anything starts', async () => {
    const blocked = await startFailure({ port: 6000 });
    expect(blocked.code).toBe('port-blocked-by-fetch');
    expect(blocked.message).toContain('port 6000 is one that fetch refuses to connect to');
    expect((await startFailure({ port: 70_000 })).code).toBe('port-out-of-range');
  });

  it('an option the emulator refuses: invalid-option', async () => {
    const prefix = await startFailure({ headerPrefix: 'Not A Prefix' });
    expect(prefix.code).toBe('invalid-option');
    expect(prefix.message).toMatch(/^headerPrefix: "Not A Prefix" is not a header prefix/);
    // One only the emulator checks: the flag's words, with its exit.
    const names = await startFailure({
      consoleOptions: ['advancedQueries', 'nope' as 'advancedQueries'],
    });
    expect(names.code).toBe('invalid-option');
    expect(names.message).toContain('--console-option must be one of');
  });

  it('a start that runs out of time, or a process that ends first: timeout, exited', async () => {
    const slow = await startFailure({ timeoutMs: 1 });
    expect(slow.code).toBe('timeout');
    expect(slow.message).toContain('the emulator did not start within 1 ms');
    const ended = await startFailure({
      env: { ...cleanEnv(), NODE_OPTIONS: '--require=/nonexistent/preload.cjs' },
    });
    expect(ended.code).toBe('exited');
    expect(ended.message).toMatch(/exited before it was ready \(exit code 1\).*preload/s);
  });

  it('stops on its own when the process that started it is killed with SIGKILL', async () => {
    // The built library, as a package's user loads it.
    const library = new URL('../../dist/emulator.js', import.meta.url).pathname;
    const script = `
      const { startEmulator } = await import(${JSON.stringify(library)});
      const emu = await startEmulator();
      console.log(JSON.stringify({ pid: emu.pid, url: emu.url }));
      setInterval(() => {}, 1000);
    `;
    const parent = execa('node', ['--input-type=module', '-e', script], {
      reject: false,
      env: cleanEnv(),
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      parent.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      void parent.then((r) => reject(new Error(`parent ended: ${r.stderr}`)));
    });
    const { pid } = JSON.parse(line) as { pid: number };
    expect(processAlive(pid)).toBe(true);
    parent.kill('SIGKILL');
    await parent;
    expect(await goneWithin(pid, 10_000)).toBe(true);
  });
});

describe('the emulator library: types', () => {
  it('the package exports ./emulator with the types the build emits from the same source', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { exports: Record<string, unknown>; bin: { svc: string } };
    expect(pkg.bin.svc).toBe('bin/svc');
    expect(pkg.exports['./emulator']).toEqual({
      import: { types: './dist/emulator.d.ts', default: './dist/emulator.js' },
      require: { types: './dist/emulator.d.cts', default: './dist/emulator.cjs' },
    });
    for (const file of ['emulator.d.ts', 'emulator.d.cts']) {
      const dts = readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8');
      expect(dts).toContain('declare function startEmulator(');
      expect(dts).toContain('[Symbol.asyncDispose](): Promise<void>;');
    }
  });
});
