import { readFileSync } from 'node:fs';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/library.js';
import { processAlive } from '../../src/io/temp-dir.js';
import { BASIC_FIXTURE, cleanEnv, goneWithin, svc } from '../support/e2e.js';

const svcWith = (emu: Emulator, args: string[]) => svc(args, cleanEnv(emu.env()));

describe('svc/emulator startEmulator()', () => {
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

describe('svc/emulator lifecycle', () => {
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

  it('a bad seed file fails the start with the emulator naming the file', async () => {
    const bad = `${process.env.TMPDIR ?? '/tmp'}/bad-seed-${process.pid}.json`;
    await import('node:fs').then((fs) =>
      fs.writeFileSync(bad, '{"workspaces": [{"ownerEmail": 3}]}'),
    );
    await expect(startEmulator({ seed: bad })).rejects.toThrow(/bad-seed-.*ownerEmail/s);
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

describe('svc/emulator types', () => {
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
