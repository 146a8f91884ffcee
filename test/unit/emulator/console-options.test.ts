import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseServerFlags } from '../../../src/commands/emulator/server-options.js';
import { UsageError } from '../../../src/errors/errors.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import {
  createWorkspace,
  expectError,
  expectSuccess,
  keyHeaders,
  post,
  request,
} from './helpers.js';

const running: RunningEmulator[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startEmulator>[0] = {}) {
  const emulator = await startEmulator(options);
  running.push(emulator);
  return emulator;
}

const addFolder = (url: string, creds: { apiKey: string; authToken: string }) =>
  post(
    url,
    '/v1/organizations/folders/add',
    { organizationId: 'o', folders: [{ folderId: 'f', folderName: 'F', parentFolderId: 'root' }] },
    keyHeaders(creds),
  );

const switchOptions = (url: string, body: unknown) =>
  request(`${url}/_emulator/console-options`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /_emulator/console-options', () => {
  it('switches an option on and off in a running emulator', async () => {
    const e = await start();
    const creds = await createWorkspace(e.url, 'switch@example.com');
    expectError(await addFolder(e.url, creds), 400, 'FAILED_PRECONDITION');

    const on = await switchOptions(e.url, {
      workspaceId: creds.workspaceId,
      advancedQueries: true,
    });
    expect(on.json).toEqual({
      workspaceId: creds.workspaceId,
      consoleOptions: { advancedQueries: true, activityService: false, notificationConfig: false },
    });
    expectSuccess(await addFolder(e.url, creds), 'folders.add');

    await switchOptions(e.url, { workspaceId: creds.workspaceId, advancedQueries: false });
    expectError(await addFolder(e.url, creds), 400, 'FAILED_PRECONDITION');
  });

  it('refuses an unknown workspace, an unknown option and a non-boolean', async () => {
    const e = await start();
    const creds = await createWorkspace(e.url, 'refuse@example.com');
    expectError(
      await switchOptions(e.url, { workspaceId: 'nope', advancedQueries: true }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await switchOptions(e.url, { workspaceId: creds.workspaceId, advancedQuery: true }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await switchOptions(e.url, { workspaceId: creds.workspaceId, advancedQueries: 'yes' }),
      400,
      'INVALID_ARGUMENT',
    );
  });
});

describe('the consoleOptions start option', () => {
  it('switches options on in stored and new workspaces, and they stay on after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-console-'));
    dirs.push(dataDir);
    const before = await start({ dataDir });
    const old = await createWorkspace(before.url, 'old@example.com');
    await before.close();

    const flagged = await start({ dataDir, consoleOptions: ['advancedQueries'] });
    expectSuccess(await addFolder(flagged.url, old), 'folders.add');
    const fresh = await createWorkspace(flagged.url, 'fresh@example.com');
    expectSuccess(await addFolder(flagged.url, fresh), 'folders.add');
    await flagged.close();

    const after = await start({ dataDir });
    expectSuccess(await addFolder(after.url, fresh), 'folders.add');
  });

  it('the error tells how to switch the option on in this emulator', async () => {
    const e = await start();
    const creds = await createWorkspace(e.url, 'told@example.com');
    const message = expectError(await addFolder(e.url, creds), 400, 'FAILED_PRECONDITION');
    expect(message).toContain(
      `curl -s -X POST -d '{"workspaceId":"${creds.workspaceId}","advancedQueries":true}' ${e.url}/_emulator/console-options`,
    );
    expect(message).toContain('--console-option advancedQueries');
  });
});

describe('without admin routes', () => {
  it('the error names only the start option, not a route that would answer NOT_FOUND', async () => {
    const e = await start({ adminRoutes: false });
    const creds = await createWorkspace(e.url, 'noadmin@example.com');
    const message = expectError(await addFolder(e.url, creds), 400, 'FAILED_PRECONDITION');
    expect(message).toContain('start the emulator with --console-option advancedQueries');
    expect(message).not.toContain('curl');
  });
});

describe('emulator flags', () => {
  const base = { port: 0, host: '127.0.0.1' };

  it('--console-option takes names and all', () => {
    expect(
      parseServerFlags({ ...base, consoleOption: ['activityService'] }).consoleOptions,
    ).toEqual(['activityService']);
    expect(parseServerFlags({ ...base, consoleOption: ['all'] }).consoleOptions).toEqual([
      'advancedQueries',
      'activityService',
      'notificationConfig',
    ]);
    expect(() => parseServerFlags({ ...base, consoleOption: ['everything'] })).toThrow(UsageError);
  });

  it('--allowed-continue-host takes host names only', () => {
    expect(
      parseServerFlags({ ...base, allowedContinueHost: ['app.example.net'] }).allowedContinueHosts,
    ).toEqual(['app.example.net']);
    for (const bad of ['https://app.example.net', 'app.example.net:8080', 'a/b', ''])
      expect(() => parseServerFlags({ ...base, allowedContinueHost: [bad] }), bad).toThrow(
        /--allowed-continue-host takes a host name/,
      );
  });
});
