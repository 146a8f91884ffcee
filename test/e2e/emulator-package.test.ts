import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from '../support/e2e.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const REPO_MODULES = join(REPO, 'node_modules');
const PACKAGE = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string };
/** The name users import the package by, read rather than written here: it is to change. */
const NAME = PACKAGE.name;

/** A user's test suite, as docs/testing.md shows it. */
const USER_SUITE = `
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  startEmulator,
  type Emulator,
  type EmulatorEnv,
  type Fixture,
  type RequestOf,
  type ResponseOf,
} from '${NAME}/emulator';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({
    seed: {
      workspaces: [
        { ownerEmail: 'me@example.com', organizations: [{ id: 'acme', documents: [{ id: 'd1' }] }] },
      ],
    },
    jobDelay: 'manual',
  });
});
afterAll(() => emu.stop());

test('svc runs against the emulator with env()', async () => {
  const out = execFileSync(
    process.execPath,
    ['node_modules/${NAME}/bin/svc', 'docs', 'list', '--org', 'acme', '--json'],
    { env: { ...process.env, ...emu.env() }, encoding: 'utf8' },
  );
  expect(JSON.parse(out)).toMatchObject([{ id: 'd1' }]);
  expect(await emu.jobs.list()).toEqual([]);
  await emu.reset();
  // The admin token the library made and sends itself; env() hands it on too.
  const token: string = emu.adminToken;
  expect(emu.env().SVC_EMULATOR_ADMIN_TOKEN).toBe(token);
});

test('a typed fetch, its journal entry, and a start refused with its code', async () => {
  const path = '/v2/workspace/email/status';
  const body: RequestOf<typeof path> = { data: { ownerEmail: 'me@example.com' } };
  const res = await fetch(emu.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as ResponseOf<typeof path>;
  expect(typeof answer.result.data?.verified).toBe('boolean');
  expect((await emu.journal()).map((entry) => entry.path)).toEqual([path]);
  const env: EmulatorEnv = emu.env();
  const url: string = env.SVC_BASE_URL;
  expect(url).toBe(emu.url);
  // @ts-expect-error no such member of a fixture
  const misspelt: Fixture = { workspacez: [] };
  expect(misspelt).toBeDefined();
  await expect(startEmulator({ port: 6000 })).rejects.toMatchObject({
    name: 'EmulatorStartError',
    code: 'port-blocked-by-fetch',
  });
});

test('a fault until reset(), and a signed webhook received and verified', async () => {
  const env = emu.env();
  const post = (path: string, data: object, extra: Record<string, string> = {}) =>
    fetch(emu.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extra },
      body: JSON.stringify({ data }),
    });
  const keyHeaders = { 'x-service-api-key': env.SVC_API_KEY, 'x-service-auth-token': env.SVC_AUTH_TOKEN };
  await emu.faults({ rules: [{ fault: 'status', status: 503, probability: 1 }] });
  expect((await post('/v2/workspace/email/status', { ownerEmail: 'me@example.com' })).status).toBe(503);
  await emu.reset();
  expect((await post('/v2/workspace/email/status', { ownerEmail: 'me@example.com' })).status).toBe(200);

  const received: { headers: Record<string, string>; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  try {
    const { port } = receiver.address() as AddressInfo;
    await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, keyHeaders);
    const created = (await (
      await post('/v2/workspace/advancedwebhook/endpoints/create', { url: 'http://127.0.0.1:' + port, filterTypes: ['comment.add'] }, keyHeaders)
    ).json()) as { result: { data: { id: string } } };
    const endpointId = created.result.data.id;
    const secret = ((await (
      await post('/v2/workspace/advancedwebhook/endpoints/secret/get', { endpointId }, keyHeaders)
    ).json()) as { result: { data: { secret: string } } }).result.data.secret;
    const sent = await emu.webhooks.trigger('comment.add', { organizationId: 'acme', documentId: 'd1' });
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { webhookId: string };
    expect(payload.webhookId).toBe(sent.webhookId);
    const paths = (await emu.journal()).map((entry) => entry.path);
    expect(paths).toContain('/v2/workspace/advancedwebhook/endpoints/create');
  } finally {
    receiver.close();
  }
});
`;

/** A CommonJS project's suite (Jest's world): the library through require(), run by node --test. */
const COMMONJS_SUITE = `
const assert = require('node:assert/strict');
const { test } = require('node:test');
const { createServer } = require('node:http');
const { Webhook } = require('standardwebhooks');
const { startEmulator } = require('${NAME}/emulator');

test('the emulator from require() answers, takes faults, resets, sends a verified webhook and stops', async () => {
  const emu = await startEmulator({
    seed: { workspaces: [{ ownerEmail: 'me@example.com', organizations: [{ id: 'acme', documents: [{ id: 'd1' }] }] }] },
  });
  try {
    const res = await fetch(emu.url + '/v1/organizations/documents/get', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-api-key': emu.workspace.apiKey,
        'x-service-auth-token': emu.workspace.authToken,
      },
      body: JSON.stringify({ data: { organizationId: 'acme' } }),
    });
    assert.equal(res.status, 200);
    assert.deepEqual((await res.json()).result.data.map((doc) => doc.id), ['d1']);
    await emu.faults({ rules: [{ fault: 'status', status: 503, probability: 1 }] });
    const faulted = await fetch(emu.url + '/v1/organizations/documents/get', { method: 'POST' });
    assert.equal(faulted.status, 503);
    await emu.reset();
    assert.deepEqual(
      (await emu.journal()).map((entry) => entry.path),
      [],
    );

    // A webhook, received and verified with its endpoint's secret.
    const received = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise((done) => receiver.listen(0, '127.0.0.1', done));
    try {
      const keyed = (path, data) =>
        fetch(emu.url + path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-service-api-key': emu.workspace.apiKey,
            'x-service-auth-token': emu.workspace.authToken,
          },
          body: JSON.stringify({ data }),
        }).then((r) => r.json());
      await keyed('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
      const url = 'http://127.0.0.1:' + receiver.address().port;
      const created = await keyed('/v2/workspace/advancedwebhook/endpoints/create', { url, filterTypes: ['comment.add'] });
      const endpointId = created.result.data.id;
      const { secret } = (await keyed('/v2/workspace/advancedwebhook/endpoints/secret/get', { endpointId })).result.data;
      const sent = await emu.webhooks.trigger('comment.add', { organizationId: 'acme', documentId: 'd1' });
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const payload = new Webhook(secret).verify(received[0].body, received[0].headers);
      assert.equal(payload.webhookId, sent.webhookId);
    } finally {
      receiver.close();
    }
  } finally {
    await emu.stop();
  }
  assert.throws(() => process.kill(emu.pid, 0), { code: 'ESRCH' });
});
`;

/**
 * A CommonJS module in TypeScript (a package without "type": "module", compiled with
 * "module": "node16"), in both of the forms it may import the package with.
 */
const COMMONJS_TYPES = `
import emulator = require('${NAME}/emulator');
import { startEmulator, type Emulator, type WorkspaceCredentials } from '${NAME}/emulator';

export async function check(): Promise<void> {
  const emu: Emulator = await startEmulator({ seed: { workspaces: [] }, jobDelay: 'manual' });
  const ws: WorkspaceCredentials = emu.workspace;
  const env: Record<string, string> = emu.env(ws);
  if (!env.SVC_BASE_URL) throw new emulator.EmulatorStartError('unexpected-answer', 'no URL');
  await emu.reset();
  await emu.stop();
}
`;

/**
 * The package as a user gets it: \`npm pack\`, the tarball unpacked into node_modules/<name>
 * of a project outside the repository (what npm install does with it), and suites there
 * that load \`<name>/emulator\` through the package's exports, as an ES module and with
 * require(), and type-check against the shipped types.
 *
 * Nothing is installed from the registry here (package-install.test.ts installs the tarball
 * with npm): the project's node_modules/<name>/node_modules is a link to this repository's
 * node_modules, which holds what the package needs (the lockfile's versions), and vitest and
 * typescript are linked from there too.
 */
describe('the npm package, installed in a project of its own', () => {
  let project: string;
  let entries: string[];
  let packedMs: number;
  const tsc = join(REPO_MODULES, 'typescript', 'bin', 'tsc');

  beforeAll(async () => {
    const t0 = performance.now();
    project = mkdtempSync(join(tmpdir(), 'svc-user-project-'));
    const packed = await execa(
      'npm',
      ['pack', '--ignore-scripts', '--silent', '--pack-destination', project],
      { cwd: REPO },
    );
    const tarball = join(project, packed.stdout.trim().split('\n').at(-1)!);
    entries = (await execa('tar', ['tzf', tarball])).stdout.split('\n');
    const installed = join(project, 'node_modules', NAME);
    mkdirSync(installed, { recursive: true });
    await execa('tar', ['xzf', tarball, '-C', installed, '--strip-components=1']);
    symlinkSync(REPO_MODULES, join(installed, 'node_modules'));
    for (const tool of ['vitest', 'typescript', '@types', 'standardwebhooks'])
      symlinkSync(join(REPO_MODULES, tool), join(project, 'node_modules', tool));
    packedMs = performance.now() - t0;
  }, 60_000);

  it('holds the built program and library, and nothing a user does not run', () => {
    expect(entries).toEqual(
      expect.arrayContaining([
        'package/bin/svc',
        'package/LICENSE',
        'package/dist/main.js',
        'package/dist/emulator.js',
        'package/dist/emulator.cjs',
      ]),
    );
    // The declarations are the library's, one for each way of loading it.
    expect(entries.filter((entry) => /\.d\.[cm]?ts$/.test(entry)).sort()).toEqual([
      'package/dist/emulator.d.cts',
      'package/dist/emulator.d.ts',
    ]);
    // `npm run build:binary` writes the single executable and the image's root filesystem
    // into dist/ (each over 100 MB): they are released on their own, never in the package.
    // Nor do sources, tests, source maps or the build's metafile go.
    expect(
      entries.filter(
        (entry) =>
          /^package\/dist\/(svc-linux-x64|container\/|metafile)/.test(entry) ||
          /^package\/(src|test|scripts|bench|web|docs|examples)\//.test(entry) ||
          entry.endsWith('.map'),
      ),
    ).toEqual([]);
  });

  it('runs a vitest suite against <name>/emulator, and its types check', async () => {
    const t0 = performance.now();
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'user-project', private: true, type: 'module' }),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          types: ['node'],
          lib: ['es2023', 'esnext.disposable'],
        },
        include: ['*.ts'],
      }),
    );
    writeFileSync(join(project, 'emulator.test.ts'), USER_SUITE);

    const env = cleanEnv();
    // The type check waits on the CPU, the suite mostly on the emulator: side by side.
    const [types, suite] = await Promise.all([
      execa('node', [tsc, '-p', project], { cwd: project, env, extendEnv: false, reject: false }),
      execa(
        'node',
        [join(REPO_MODULES, 'vitest', 'vitest.mjs'), 'run', '--root', project, 'emulator.test.ts'],
        { cwd: project, env, extendEnv: false, reject: false },
      ),
    ]);
    expect(types.stdout + types.stderr).toBe('');
    expect(types.exitCode).toBe(0);
    expect(suite.stdout).toMatch(/3 passed/);
    expect(suite.exitCode).toBe(0);
    console.log(
      `npm pack and unpack: ${packedMs.toFixed(0)} ms; a user's vitest suite and its types: ${(performance.now() - t0).toFixed(0)} ms`,
    );
  }, 120_000);

  it('loads with require() in a CommonJS project, whose types check under node16', async () => {
    const t0 = performance.now();
    // A project of its own inside the first, finding the package in the first's node_modules
    // as Node and TypeScript look upwards: no "type", so its .js and .ts files are CommonJS.
    const commonjs = join(project, 'commonjs');
    mkdirSync(commonjs);
    writeFileSync(
      join(commonjs, 'package.json'),
      JSON.stringify({ name: 'commonjs-project', private: true }),
    );
    writeFileSync(
      join(commonjs, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'node16',
          moduleResolution: 'node16',
          target: 'es2022',
          strict: true,
          noEmit: true,
          types: ['node'],
          lib: ['es2023', 'esnext.disposable'],
        },
        files: ['check.ts'],
      }),
    );
    writeFileSync(join(commonjs, 'check.ts'), COMMONJS_TYPES);
    writeFileSync(join(commonjs, 'emulator.test.js'), COMMONJS_SUITE);

    const env = cleanEnv();
    const [types, suite] = await Promise.all([
      // --listFiles names the declarations TypeScript took: the require condition's.
      execa('node', [tsc, '-p', commonjs, '--listFiles'], {
        cwd: commonjs,
        env,
        extendEnv: false,
        reject: false,
      }),
      execa('node', ['--test', '--test-reporter=tap', 'emulator.test.js'], {
        cwd: commonjs,
        env,
        extendEnv: false,
        reject: false,
      }),
    ]);
    expect(types.stdout + types.stderr).not.toMatch(/error TS/);
    expect(types.exitCode).toBe(0);
    const declarations = types.stdout.split('\n').filter((file) => file.includes('/dist/emulator'));
    expect(declarations).toHaveLength(1);
    expect(declarations[0]).toMatch(/\/dist\/emulator\.d\.cts$/);

    expect(suite.stdout, suite.stderr).toMatch(/^# pass 1$/m);
    expect(suite.stdout).toMatch(/^# fail 0$/m);
    expect(suite.exitCode).toBe(0);
    console.log(
      `a CommonJS project's node --test suite and its types: ${(performance.now() - t0).toFixed(0)} ms`,
    );
  }, 60_000);
});
