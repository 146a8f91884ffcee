import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../../src/catalogue/models.js';
import { startEmulator } from '../../../src/emulator/server.js';
import { DEFAULT_RATE_LIMITS } from '../../../src/emulator/service-rules.js';
import { envelope } from '../../support/envelopes.js';
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

const emu = useEmulator({ shared: true, allowedContinueHosts: ['app.example.net'] });

describe('workspace create (op 1)', () => {
  it('creates a workspace whose credentials work at both auth levels', async () => {
    const reply = await post(emu.url, '/v2/workspace/create', {
      ownerEmail: 'ada@example.com',
      name: 'Ada',
      workspaceName: 'Engines',
      avatar: 'https://example.com/ada.png',
    });
    const ws = expectSuccess(reply, 'workspace.create') as Workspace;
    expect(ws.name).toBe('Engines');
    expect(ws.owner).toEqual({
      email: 'ada@example.com',
      id: expect.any(String) as string,
      name: 'Ada',
      avatar: 'https://example.com/ada.png',
    });
    expect(Buffer.from(ws.authToken, 'base64url').length).toBeGreaterThanOrEqual(32);
    const keys = Object.values(ws.apiKeyList);
    expect(keys).toHaveLength(1);
    const [key] = keys;
    expect(key).toEqual({
      apiKeyName: 'Default API Key',
      id: expect.any(String) as string,
      type: 'testing',
    });
    expect(Object.keys(ws.apiKeyList)).toEqual([key?.id]);

    const tokens = await post(
      emu.url,
      '/v2/workspace/authtokens/get',
      { apiKey: key?.id },
      workspaceHeaders({ workspaceId: ws.id, workspaceToken: ws.authToken }),
    );
    const data = expectSuccess(tokens, 'workspace.authTokens') as {
      apiKey: string;
      authTokens: { token: string; name: string; domains: unknown[] }[];
    };
    expect(data.apiKey).toBe(key?.id);
    expect(data.authTokens).toEqual([
      { token: expect.any(String) as string, name: 'Default Auth Token', domains: [] },
    ]);
    const token = data.authTokens[0]?.token ?? '';
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(token).not.toBe(ws.authToken);

    // A key-level operation gets past authentication and answers for the new, empty key.
    const keyLevel = await post(
      emu.url,
      '/v2/organizations/folders/get',
      { organizationId: 'org-1' },
      keyHeaders({ apiKey: key?.id ?? '', authToken: token }),
    );
    expect(expectSuccess(keyLevel, 'folders.get')).toEqual([]);
  });

  it('defaults the owner name to the email and the workspace name to "<name> workspace"', async () => {
    const ws = expectSuccess(
      await post(emu.url, '/v2/workspace/create', { ownerEmail: 'grace@example.com' }),
      'workspace.create',
    ) as Workspace;
    expect(ws.owner.name).toBe('grace@example.com');
    expect(ws.owner.avatar).toBe('');
    expect(ws.name).toBe('grace@example.com workspace');

    const named = expectSuccess(
      await post(emu.url, '/v2/workspace/create', {
        ownerEmail: 'linus@example.com',
        name: 'Linus',
      }),
      'workspace.create',
    ) as Workspace;
    expect(named.name).toBe('Linus workspace');
  });

  it('gives every workspace its own ids and tokens', async () => {
    const a = await createWorkspace(emu.url, 'unique-a@example.com');
    const b = await createWorkspace(emu.url, 'unique-b@example.com');
    expect(new Set([a.workspaceId, b.workspaceId]).size).toBe(2);
    expect(new Set([a.apiKey, b.apiKey]).size).toBe(2);
    expect(new Set([a.workspaceToken, b.workspaceToken, a.authToken, b.authToken]).size).toBe(4);
  });

  it('rejects a disposable email domain with INVALID_ARGUMENT', async () => {
    const reply = await post(emu.url, '/v2/workspace/create', { ownerEmail: 'x@mailinator.com' });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toMatch(/disposable/);
    const status = await post(emu.url, '/v2/workspace/email/status', {
      ownerEmail: 'x@mailinator.com',
    });
    expectError(status, 404, 'NOT_FOUND');
  });

  it('rejects a second workspace for the same email, whatever its case, with ALREADY_EXISTS', async () => {
    await createWorkspace(emu.url, 'twice@example.com');
    expectError(
      await post(emu.url, '/v2/workspace/create', { ownerEmail: 'twice@example.com' }),
      409,
      'ALREADY_EXISTS',
    );
    expectError(
      await post(emu.url, '/v2/workspace/create', { ownerEmail: 'Twice@Example.com' }),
      409,
      'ALREADY_EXISTS',
    );
  });

  it('names the offending field when data has the wrong type', async () => {
    const reply = await post(emu.url, '/v2/workspace/create', { ownerEmail: 42 });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('data.ownerEmail');
    const bad = await post(emu.url, '/v2/workspace/create', { ownerEmail: 'not-an-email' });
    expect(expectError(bad, 400, 'INVALID_ARGUMENT')).toContain('data.ownerEmail');
  });
});

describe('workspace create rate limit', () => {
  it('answers RESOURCE_EXHAUSTED past the per-IP limit, until the window moves on', async () => {
    let clock = 1_700_000_000_000;
    const limited = await startEmulator({
      rateLimits: { 'workspace.create': 2 },
      now: () => clock,
    });
    try {
      const create = (n: number) =>
        post(limited.url, '/v2/workspace/create', { ownerEmail: `rate${n}@example.com` });
      expectSuccess(await create(1), 'workspace.create');
      clock += 10_000;
      expectSuccess(await create(2), 'workspace.create');
      const refused = await create(3);
      expectError(refused, 429, 'RESOURCE_EXHAUSTED');
      expect(refused.headers.get('retry-after')).toBe('50');
      // Refused attempts create nothing.
      expectError(
        await post(limited.url, '/v2/workspace/email/status', { ownerEmail: 'rate3@example.com' }),
        404,
        'NOT_FOUND',
      );
      // The direct path used by `svc emulator exec` is not rate limited.
      expect(limited.createWorkspace({ ownerEmail: 'direct@example.com' }).workspaceId).toEqual(
        expect.any(String),
      );

      clock += 50_001;
      expectSuccess(await create(3), 'workspace.create');
      expectError(await create(4), 429, 'RESOURCE_EXHAUSTED');
    } finally {
      await limited.close();
    }
  });

  it.each([
    ['email status (op 4)', '/v2/workspace/email/status', { ownerEmail: 'nobody@example.com' }],
    [
      'login link (op 5)',
      '/v2/workspace/email/send-login-link',
      { email: 'burst@example.com', continueUrl: 'http://localhost/' },
    ],
  ])('limits %s under a burst, with the default limits', async (_what, path, data) => {
    const fresh = await startEmulator();
    try {
      const limit =
        DEFAULT_RATE_LIMITS[
          path.endsWith('status') ? 'workspace.emailStatus' : 'workspace.loginLink'
        ];
      const replies = [];
      for (let n = 0; n <= limit; n++) replies.push(await post(fresh.url, path, data));
      expect(replies.slice(0, limit).every((r) => r.status !== 429)).toBe(true);
      const refused = replies[limit];
      if (!refused) throw new Error('no answer past the limit');
      expect(expectError(refused, 429, 'RESOURCE_EXHAUSTED')).toMatch(/Too many .* requests/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });

  it('has no limit when its rate limit is 0', async () => {
    const unlimited = await startEmulator({ rateLimits: { 'workspace.create': 0 } });
    try {
      for (let n = 0; n < 40; n++) {
        const reply = await post(unlimited.url, '/v2/workspace/create', {
          ownerEmail: `free${n}@example.com`,
        });
        expect(reply.status).toBe(200);
      }
    } finally {
      await unlimited.close();
    }
  });

  it('defaults to 30 creations per minute', async () => {
    const defaults = await startEmulator({ now: () => 0 });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 31; n++) {
        const reply = await post(defaults.url, '/v2/workspace/create', {
          ownerEmail: `default${n}@example.com`,
        });
        statuses.push(reply.status);
      }
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await defaults.close();
    }
  });
});

describe('auth tokens (op 2)', () => {
  it('answers NOT_FOUND for the key of another workspace and for an unknown key', async () => {
    const mine = await createWorkspace(emu.url, 'tokens-mine@example.com');
    const theirs = await createWorkspace(emu.url, 'tokens-theirs@example.com');
    const foreign = await post(
      emu.url,
      '/v2/workspace/authtokens/get',
      { apiKey: theirs.apiKey },
      workspaceHeaders(mine),
    );
    expectError(foreign, 404, 'NOT_FOUND');
    expect(foreign.text).not.toContain(theirs.authToken);
    expectError(
      await post(
        emu.url,
        '/v2/workspace/authtokens/get',
        { apiKey: 'no-such-key' },
        workspaceHeaders(mine),
      ),
      404,
      'NOT_FOUND',
    );
  });
});

describe('email verification (ops 4 and 5)', () => {
  it('goes from unverified to verified by following the login link from the outbox', async () => {
    const email = 'verify-me@example.com';
    await createWorkspace(emu.url, email);
    const before = await post(emu.url, '/v2/workspace/email/status', { ownerEmail: email });
    expect(expectSuccess(before, 'workspace.emailStatus')).toEqual({ verified: false });
    expect((before.json as { result: { message: string } }).result.message).toBe(
      'Email not yet verified.',
    );

    const continueUrl = 'http://localhost:3000/after-login';
    const sent = await post(emu.url, '/v2/workspace/email/send-login-link', { email, continueUrl });
    expect(expectSuccess(sent, 'workspace.loginLink')).toBeNull();
    expect(sent.json).toEqual(envelope.standard(null, { message: expect.any(String) as string }));

    const outbox = await request(`${emu.url}/_emulator/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.status).toBe(200);
    const { messages } = outbox.json as {
      messages: {
        id: string;
        kind: string;
        to: string;
        subject: string;
        link: string;
        createdAt: number;
      }[];
    };
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ kind: 'login-link', to: email });
    expect(message?.link.startsWith(`${emu.url}/_emulator/verify?token=`)).toBe(true);

    const followed = await request(message?.link ?? '');
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(continueUrl);

    const after = await post(emu.url, '/v2/workspace/email/status', { ownerEmail: email });
    expect(expectSuccess(after, 'workspace.emailStatus')).toEqual({ verified: true });
    expect((after.json as { result: { message: string } }).result.message).toBe(
      'Email verified and workspace reactivated.',
    );
  });

  it('answers NOT_FOUND for the status of an email that owns no workspace', async () => {
    expectError(
      await post(emu.url, '/v2/workspace/email/status', { ownerEmail: 'nobody@example.com' }),
      404,
      'NOT_FOUND',
    );
  });

  it('sends a link to an address without a workspace, and following it verifies nothing', async () => {
    const email = 'stranger@example.com';
    const sent = await post(emu.url, '/v2/workspace/email/send-login-link', {
      email,
      continueUrl: 'http://127.0.0.1:8080/',
    });
    expectSuccess(sent, 'workspace.loginLink');
    const outbox = await request(`${emu.url}/_emulator/outbox?to=${email}`);
    const link = (outbox.json as { messages: { link: string }[] }).messages[0]?.link ?? '';
    const followed = await request(link);
    expect(followed.status).toBe(302);
    expect(followed.text).toContain('nothing was verified');
  });

  it.each([
    ['https://evil.example.org/next', 'a foreign host'],
    ['ftp://localhost/next', 'a non-http scheme'],
    ['javascript:alert(1)', 'a script URL'],
    ['not a url', 'no URL at all'],
    ['http://localhost/\u0001next', 'a control character'],
    ['http://localhost/a\nb', 'a newline, which URL parsing would drop'],
    ['http://localhost/\u001b]0;x\u0007', 'a terminal escape'],
  ])('rejects continueUrl %j (%s) with INVALID_ARGUMENT and sends nothing', async (continueUrl) => {
    const email = 'bad-continue@example.com';
    const reply = await post(emu.url, '/v2/workspace/email/send-login-link', {
      email,
      continueUrl,
    });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('continueUrl');
    const outbox = await request(`${emu.url}/_emulator/outbox?to=${email}`);
    expect(outbox.json).toEqual({ messages: [] });
  });

  it.each([
    'http://[::1]:9000/x',
    'https://LOCALHOST/x',
    // The console host of the service's documentation, allowed without being configured.
    'https://console.example.com/home',
    'https://app.example.net/welcome',
  ])('accepts continueUrl %s', async (continueUrl) => {
    const reply = await post(emu.url, '/v2/workspace/email/send-login-link', {
      email: 'ok-continue@example.com',
      continueUrl,
    });
    expectSuccess(reply, 'workspace.loginLink');
  });

  it('refuses a disposable email domain with INVALID_ARGUMENT and sends nothing', async () => {
    const email = 'someone@mailinator.com';
    const reply = await post(emu.url, '/v2/workspace/email/send-login-link', {
      email,
      continueUrl: 'http://localhost/',
    });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('disposable');
    const outbox = await request(`${emu.url}/_emulator/outbox?to=${email}`);
    expect(outbox.json).toEqual({ messages: [] });
  });

  it('accepts the hosts a seed file allows', async () => {
    const continueUrl = 'https://staging.example.org/in';
    const send = () =>
      post(emu.url, '/v2/workspace/email/send-login-link', {
        email: 'seeded@example.com',
        continueUrl,
      });
    expectError(await send(), 400, 'INVALID_ARGUMENT');
    const seeded = await request(`${emu.url}/_emulator/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ workspaces: [], allowedContinueHosts: ['staging.example.org'] }),
    });
    expect(seeded.status).toBe(200);
    expectSuccess(await send(), 'workspace.loginLink');
  });

  it('answers NOT_FOUND for a verify link with an unknown token', async () => {
    expectError(await request(`${emu.url}/_emulator/verify?token=forged`), 404, 'NOT_FOUND');
    expectError(await request(`${emu.url}/_emulator/verify`), 400, 'INVALID_ARGUMENT');
  });
});
