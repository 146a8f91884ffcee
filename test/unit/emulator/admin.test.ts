import { describe, expect, it } from 'vitest';
import { VERSION } from '../../../src/version.js';
import { startEmulator } from '../../../src/emulator/server.js';
import {
  createWorkspace,
  expectError,
  expectSuccess,
  keyHeaders,
  post,
  request,
  workspaceHeaders,
} from './helpers.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ clock: 1_700_000_000_000 });

function reset(body: string): ReturnType<typeof request> {
  return request(`${emu.url}/_emulator/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
}

async function journal(): Promise<Record<string, unknown>[]> {
  const reply = await request(`${emu.url}/_emulator/journal`);
  expect(reply.status).toBe(200);
  return (reply.json as { entries: Record<string, unknown>[] }).entries;
}

const sendLink = (email: string) =>
  post(emu.url, '/v2/workspace/email/send-login-link', { email, continueUrl: 'http://localhost/' });

describe('health', () => {
  it('answers ok with the version', async () => {
    const reply = await request(`${emu.url}/_emulator/health`);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'ok', version: VERSION });
  });

  it('answers another method with INVALID_ARGUMENT', async () => {
    const reply = await request(`${emu.url}/_emulator/health`, { method: 'POST' });
    expectError(reply, 400, 'INVALID_ARGUMENT');
    expect(reply.headers.get('allow')).toBe('GET');
  });
});

describe('reset', () => {
  it('with {} removes every workspace, mail and journal entry', async () => {
    const creds = await createWorkspace(emu.url, 'reset-all@example.com');
    await sendLink('reset-all@example.com');
    const reply = await reset('{}');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'ok' });

    expect(await journal()).toEqual([]);
    expect((await request(`${emu.url}/_emulator/outbox`)).json).toEqual({ messages: [] });
    expectError(
      await post(
        emu.url,
        '/v2/workspace/authtokens/get',
        { apiKey: creds.apiKey },
        workspaceHeaders(creds),
      ),
      404,
      'NOT_FOUND',
    );
    expectError(
      await post(
        emu.url,
        '/v2/organizations/folders/get',
        { organizationId: 'o' },
        keyHeaders(creds),
      ),
      403,
      'PERMISSION_DENIED',
    );
    // The email is free again.
    await createWorkspace(emu.url, 'reset-all@example.com');
  });

  it('with an empty body resets everything too', async () => {
    await createWorkspace(emu.url, 'reset-empty@example.com');
    const reply = await request(`${emu.url}/_emulator/reset`, { method: 'POST' });
    expect(reply.json).toEqual({ status: 'ok' });
    expectError(
      await post(emu.url, '/v2/workspace/email/status', { ownerEmail: 'reset-empty@example.com' }),
      404,
      'NOT_FOUND',
    );
  });

  it('with a workspaceId resets that workspace only, keeping its credentials', async () => {
    const target = await createWorkspace(emu.url, 'reset-one@example.com');
    const other = await createWorkspace(emu.url, 'reset-other@example.com');
    for (const email of ['reset-one@example.com', 'reset-other@example.com']) {
      await sendLink(email);
      const outbox = await request(`${emu.url}/_emulator/outbox?to=${email}`);
      const link = (outbox.json as { messages: { link: string }[] }).messages[0]?.link ?? '';
      expect((await request(link)).status).toBe(302);
    }

    const organizations = [{ id: 'o', folders: [{ id: 'f', name: 'F' }] }];
    const seeded = await request(`${emu.url}/_emulator/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        workspaces: [
          {
            ownerEmail: 'reset-one@example.com',
            consoleOptions: { advancedQueries: true },
            organizations,
          },
          { ownerEmail: 'reset-other@example.com', organizations },
        ],
      }),
    });
    expect(seeded.status).toBe(200);

    const reply = await reset(JSON.stringify({ workspaceId: target.workspaceId }));
    expect(reply.json).toEqual({ status: 'ok' });

    const status = (ownerEmail: string) =>
      post(emu.url, '/v2/workspace/email/status', { ownerEmail });
    expect(expectSuccess(await status('reset-one@example.com'), 'workspace.emailStatus')).toEqual({
      verified: false,
    });
    expect(expectSuccess(await status('reset-other@example.com'), 'workspace.emailStatus')).toEqual(
      { verified: true },
    );
    const outbox = (await request(`${emu.url}/_emulator/outbox`)).json as {
      messages: { to: string }[];
    };
    expect(outbox.messages.map((m) => m.to)).toEqual(['reset-other@example.com']);

    // Same credentials still work at both levels.
    const tokens = await post(
      emu.url,
      '/v2/workspace/authtokens/get',
      { apiKey: target.apiKey },
      workspaceHeaders(target),
    );
    expect(expectSuccess(tokens, 'workspace.authTokens')).toEqual({
      apiKey: target.apiKey,
      authTokens: [{ token: target.authToken, name: 'Default Auth Token', domains: [] }],
    });
    // Its data and console options are gone; the other workspace's stay.
    const folders = (creds: typeof target) =>
      post(emu.url, '/v2/organizations/folders/get', { organizationId: 'o' }, keyHeaders(creds));
    expect(expectSuccess(await folders(target), 'folders.get')).toEqual([]);
    expect(expectSuccess(await folders(other), 'folders.get')).toHaveLength(1);
    const add = await post(
      emu.url,
      '/v1/organizations/folders/add',
      { organizationId: 'o', folders: [{ folderId: 'g', folderName: 'G' }] },
      keyHeaders(target),
    );
    expectError(add, 400, 'FAILED_PRECONDITION');
    // Its journal entries are gone; the other workspace's stay.
    const entries = await journal();
    const targetEntries = entries.filter((e) => e.workspaceId === target.workspaceId);
    expect(targetEntries.map((e) => e.operation)).toEqual([
      'workspace.emailStatus',
      'workspace.authTokens',
      'folders.get',
      'folders.add',
    ]);
    expect(
      entries.some(
        (e) => e.workspaceId === other.workspaceId && e.operation === 'workspace.create',
      ),
    ).toBe(true);
  });

  it('answers NOT_FOUND for an unknown workspace and INVALID_ARGUMENT for a bad body', async () => {
    expectError(await reset('{"workspaceId": "nope"}'), 404, 'NOT_FOUND');
    expectError(await reset('{"workspaceId": 5}'), 400, 'INVALID_ARGUMENT');
    expectError(await reset('{"everything": true}'), 400, 'INVALID_ARGUMENT');
    expectError(await reset('{'), 400, 'INVALID_ARGUMENT');
    expectError(await reset('[]'), 400, 'INVALID_ARGUMENT');
    expectError(await request(`${emu.url}/_emulator/reset`), 400, 'INVALID_ARGUMENT');
  });

  it('clears the rate limit', async () => {
    const limited = await startEmulator({ rateLimits: { 'workspace.create': 1 } });
    try {
      const create = (ownerEmail: string) =>
        post(limited.url, '/v2/workspace/create', { ownerEmail });
      expect((await create('first@example.com')).status).toBe(200);
      expectError(await create('second@example.com'), 429, 'RESOURCE_EXHAUSTED');
      await request(`${limited.url}/_emulator/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect((await create('second@example.com')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('journal', () => {
  it('records API requests in order, with status, error status and workspace, not admin calls', async () => {
    const creds = await createWorkspace(emu.url, 'journal@example.com');
    emu.clock += 1000;
    await post(
      emu.url,
      '/v2/organizations/folders/get',
      { organizationId: 'o' },
      { ...keyHeaders(creds), 'x-service-auth-token': 'bad' },
    );
    await post(emu.url, '/v2/nowhere', {});
    await request(`${emu.url}/_emulator/health`);

    expect(await journal()).toEqual([
      {
        time: 1_700_000_000_000,
        method: 'POST',
        path: '/v2/workspace/create',
        httpStatus: 200,
        operation: 'workspace.create',
        workspaceId: creds.workspaceId,
      },
      {
        time: 1_700_000_000_000,
        method: 'POST',
        path: '/v2/workspace/authtokens/get',
        httpStatus: 200,
        operation: 'workspace.authTokens',
        workspaceId: creds.workspaceId,
      },
      {
        time: 1_700_000_001_000,
        method: 'POST',
        path: '/v2/organizations/folders/get',
        httpStatus: 403,
        errorStatus: 'PERMISSION_DENIED',
        operation: 'folders.get',
      },
      {
        time: 1_700_000_001_000,
        method: 'POST',
        path: '/v2/nowhere',
        httpStatus: 404,
        errorStatus: 'NOT_FOUND',
      },
    ]);
  });
});

describe('outbox', () => {
  it('lists sent mail oldest first, filtered by recipient when asked', async () => {
    await sendLink('first@example.com');
    emu.clock += 5;
    await sendLink('second@example.com');
    const all = (await request(`${emu.url}/_emulator/outbox`)).json as {
      messages: Record<string, unknown>[];
    };
    expect(all.messages).toEqual([
      {
        id: expect.any(String) as string,
        kind: 'login-link',
        to: 'first@example.com',
        subject: expect.any(String) as string,
        link: expect.stringMatching(/\/_emulator\/verify\?token=[\w-]{43}$/) as string,
        createdAt: 1_700_000_000_000,
      },
      expect.objectContaining({ to: 'second@example.com', createdAt: 1_700_000_000_005 }),
    ]);
    const filtered = (await request(`${emu.url}/_emulator/outbox?to=SECOND@example.com`)).json as {
      messages: { to: string }[];
    };
    expect(filtered.messages.map((m) => m.to)).toEqual(['second@example.com']);
  });
});
