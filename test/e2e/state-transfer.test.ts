import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Emulator, seedWorkspaces, startEmulator, svc } from '../support/e2e.js';

const fixture = readFileSync(
  new URL('../../examples/fixtures/basic.json', import.meta.url),
  'utf8',
);

let source: Emulator;
let target: Emulator;

beforeAll(async () => {
  [source, target] = await Promise.all([
    startEmulator(['--job-delay', 'manual']),
    startEmulator(['--job-delay', '0']),
  ]);
});
afterAll(async () => {
  await Promise.all([source.stop(), target.stop()]);
});

it('moves the state of one emulator process into another, where svc carries on', async () => {
  const { envFor } = await seedWorkspaces(source, fixture);
  const sourceEnv = envFor('owner@example.com');
  const migrate = await svc(
    ['docs', 'migrate', '--org', 'acme', '--doc', 'plan', '--to', 'plan-2', '--json'],
    sourceEnv,
  );
  expect(migrate.exitCode).toBe(0);
  const { migrationId } = JSON.parse(migrate.stdout) as { migrationId: string };

  const exported = await fetch(`${source.url}/_emulator/export`);
  expect(exported.status).toBe(200);
  const imported = await fetch(`${target.url}/_emulator/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await exported.text(),
  });
  expect(await imported.json()).toEqual({ status: 'ok' });

  const targetEnv = { ...sourceEnv, SVC_BASE_URL: target.url };
  const list = ['folders', 'list', '--org', 'acme', '--json'];
  const [fromSource, fromTarget] = await Promise.all([svc(list, sourceEnv), svc(list, targetEnv)]);
  expect(fromTarget.exitCode).toBe(0);
  expect(fromTarget.stdout).toBe(fromSource.stdout);

  // The migration the source holds pending ran on import, under the target's job delay.
  const status = await svc(
    ['docs', 'migration-status', '--org', 'acme', '--id', migrationId, '--json'],
    targetEnv,
  );
  expect(status.exitCode).toBe(0);
  expect(JSON.parse(status.stdout)).toMatchObject({ status: 'completed' });
});
