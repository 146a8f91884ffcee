import { expect, it } from 'vitest';
import { adminFetch, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const source = useEmulator({ jobDelay: 'manual' });
const target = useEmulator({ seed: null, jobDelay: '0' });

it('moves the state of one emulator process into another, where svc carries on', async () => {
  const migrate = await svc(
    ['docs', 'migrate', '--org', 'acme', '--doc', 'plan', '--to', 'plan-2', '--json'],
    source.env,
  );
  expect(migrate.exitCode).toBe(0);
  const { migrationId } = JSON.parse(migrate.stdout) as { migrationId: string };

  const exported = await adminFetch(source, '/_emulator/export');
  expect(exported.status).toBe(200);
  const imported = await adminFetch(target, '/_emulator/import', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await exported.text(),
  });
  expect(await imported.json()).toEqual({ status: 'ok' });

  const targetEnv = { ...source.env, SVC_BASE_URL: target.url };
  const list = ['folders', 'list', '--org', 'acme', '--json'];
  const [fromSource, fromTarget] = await Promise.all([svc(list, source.env), svc(list, targetEnv)]);
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
