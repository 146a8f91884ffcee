import { request as httpRequest } from 'node:http';
import { execa } from 'execa';
import { beforeEach, describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { startEmulator } from '../../../src/emulator/server.js';
import { envelope } from '../../support/envelopes.js';
import { createWorkspace, type Credentials, keyHeaders, post } from './helpers.js';
import { useEmulator } from './fixture.js';

interface RawReply {
  status: number;
  body: string;
}

/** A request with exactly these headers (fetch would not let a test set Host). */
function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, setHost: !('host' in headers) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const emu = useEmulator();
let creds: Credentials;

beforeEach(async () => {
  creds = await createWorkspace(emu.url, 'guarded@example.com');
});

/** Whether the workspace made in beforeEach still answers: a reset would have removed it. */
async function workspaceSurvives(): Promise<boolean> {
  const reply = await post(
    emu.url,
    '/v2/organizations/folders/get',
    { organizationId: 'o' },
    keyHeaders(creds),
  );
  return reply.status === 200;
}

const self = () => `127.0.0.1:${emu.emulator.port}`;

/** A reset of everything, addressed to the emulator itself unless `headers` say otherwise. */
const postReset = (headers: Record<string, string>, body = '{}') =>
  rawRequest(emu.emulator.port, 'POST', '/_emulator/reset', { host: self(), ...headers }, body);

describe('a web page cannot drive the admin routes', () => {
  it('refuses a reset from a foreign Origin, and nothing is wiped', async () => {
    const reply = await postReset({
      origin: 'https://evil.example',
      'content-type': 'application/json',
    });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body)).toMatchObject(
      envelope.error('PERMISSION_DENIED', expect.stringContaining('evil.example') as string),
    );
    expect(await workspaceSurvives()).toBe(true);
  });

  it('refuses Origin: null, which sandboxed frames and redirects send', async () => {
    const reply = await postReset({ origin: 'null', 'content-type': 'application/json' });
    expect(reply.status).toBe(403);
    expect(await workspaceSurvives()).toBe(true);
  });

  it('refuses a cross-site simple request with a text/plain body even without Origin', async () => {
    const reply = await postReset({ 'content-type': 'text/plain;charset=UTF-8' });
    expect(reply.status).toBe(415);
    expect(JSON.parse(reply.body)).toMatchObject(
      envelope.error('INVALID_ARGUMENT', expect.stringContaining('application/json') as string),
    );
    expect(await workspaceSurvives()).toBe(true);
  });

  it('refuses a multipart form post', async () => {
    const reply = await postReset(
      { 'content-type': 'multipart/form-data; boundary=x' },
      '--x--\r\n',
    );
    expect(reply.status).toBe(415);
    expect(await workspaceSurvives()).toBe(true);
  });

  it('refuses a form post a browser marks cross-site', async () => {
    const reply = await postReset(
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      '',
    );
    expect(reply.status).toBe(403);
    expect(await workspaceSurvives()).toBe(true);
  });

  it('answers no admin route to a rebound DNS name, so no token leaks', async () => {
    for (const host of [
      `evil.example:${emu.emulator.port}`,
      `127.0.0.1.nip.io:${emu.emulator.port}`,
    ]) {
      const exported = await rawRequest(emu.emulator.port, 'GET', '/_emulator/export', { host });
      expect(exported.status, host).toBe(403);
      expect(exported.body).not.toContain(creds.authToken);
      expect(JSON.parse(exported.body)).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    }
    const reset = await postReset({
      host: `evil.example:${emu.emulator.port}`,
      'content-type': 'application/json',
    });
    expect(reset.status).toBe(403);
    expect(await workspaceSurvives()).toBe(true);
  });

  it('refuses a Host with another port, or none', async () => {
    const wrongPort = await rawRequest(emu.emulator.port, 'GET', '/_emulator/health', {
      host: `127.0.0.1:${emu.emulator.port + 1}`,
    });
    expect(wrongPort.status).toBe(403);
    const none = await rawRequest(emu.emulator.port, 'GET', '/_emulator/health', { host: '' });
    expect(none.status).toBe(403);
  });

  it('answers no service route to a rebound DNS name either', async () => {
    const statusFor = (host: string) =>
      rawRequest(
        emu.emulator.port,
        'POST',
        '/v2/workspace/email/status',
        { host, 'content-type': 'application/json' },
        JSON.stringify({ data: { ownerEmail: 'guarded@example.com' } }),
      );
    for (const host of [
      `evil.example:${emu.emulator.port}`,
      `127.0.0.1.nip.io:${emu.emulator.port}`,
    ]) {
      const reply = await statusFor(host);
      expect(reply.status, host).toBe(403);
      expect(JSON.parse(reply.body)).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
      expect(reply.body).toContain('service routes');
    }
    const created = await rawRequest(
      emu.emulator.port,
      'POST',
      '/v2/workspace/create',
      { host: `evil.example:${emu.emulator.port}`, 'content-type': 'application/json' },
      JSON.stringify({ data: { ownerEmail: 'rebound@example.com' } }),
    );
    expect(created.status).toBe(403);
    expect(created.body).not.toContain('authToken');
    for (const host of [self(), `localhost:${emu.emulator.port}`]) {
      expect((await statusFor(host)).status, host).toBe(200);
    }
  });
});

describe('the emulator’s own clients keep working', () => {
  it('accepts the bound address, localhost, and its own origin', async () => {
    for (const host of [self(), `localhost:${emu.emulator.port}`]) {
      const reply = await rawRequest(emu.emulator.port, 'GET', '/_emulator/health', { host });
      expect(reply.status, host).toBe(200);
    }
    const sameOrigin = await rawRequest(
      emu.emulator.port,
      'POST',
      '/_emulator/jobs/run',
      {
        host: self(),
        origin: `http://${self()}`,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      '{}',
    );
    expect(sameOrigin.status).toBe(200);
  });

  it('takes curl -d as documented (a form type, with no browser headers)', async () => {
    const curl = await execa(
      'curl',
      ['-s', '-X', 'POST', '-d', '{}', `${emu.url}/_emulator/reset`],
      { reject: false },
    );
    expect(curl.exitCode).toBe(0);
    expect(JSON.parse(curl.stdout)).toEqual({ status: 'ok' });
    expect(await workspaceSurvives()).toBe(false);
  });
});

describe('an emulator bound to every address', () => {
  it('answers through any IP literal or localhost, and refuses DNS names', async () => {
    const wide = await startEmulator({ port: 0, host: '0.0.0.0' });
    try {
      const get = (host: string) =>
        rawRequest(wide.port, 'GET', '/_emulator/health', { host: `${host}:${wide.port}` });
      expect((await get('127.0.0.1')).status).toBe(200);
      expect((await get('localhost')).status).toBe(200);
      expect((await get('192.0.2.7')).status).toBe(200);
      expect((await get('attacker.example')).status).toBe(403);
    } finally {
      await wide.close();
    }
  });
});

describe('an emulator bound to IPv6 loopback', () => {
  it('answers its service routes through [::1] and localhost, and refuses DNS names', async () => {
    const six = await startEmulator({ port: 0, host: '::1' });
    try {
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '::1',
              port: six.port,
              method: 'POST',
              path: '/v2/workspace/email/status',
              headers: { host: `${host}:${six.port}`, 'content-type': 'application/json' },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.end(JSON.stringify({ data: { ownerEmail: 'nobody@example.com' } }));
        });
      expect(await status('[::1]')).toBe(404);
      expect(await status('localhost')).toBe(404);
      expect(await status('attacker.example')).toBe(403);
    } finally {
      await six.close();
    }
  });
});

describe('allowed hosts: the names a container is reached by', () => {
  it('answers the service and admin routes under an allowed name, on any port unless one is named', async () => {
    const named = await startEmulator({
      port: 0,
      host: '0.0.0.0',
      allowedHosts: ['svc-emulator', 'host.docker.internal:4510'],
    });
    try {
      const status = async (host: string, path = '/_emulator/health') =>
        (await rawRequest(named.port, 'GET', path, { host })).status;
      const email = async (host: string) =>
        (
          await rawRequest(
            named.port,
            'POST',
            operation('workspace.emailStatus').path,
            { host, 'content-type': 'application/json' },
            JSON.stringify({ data: { ownerEmail: 'nobody@example.com' } }),
          )
        ).status;
      // A bare name, on the bound port and on the port a runtime published it under.
      expect(await status(`svc-emulator:${named.port}`)).toBe(200);
      expect(await status('SVC-EMULATOR:4510')).toBe(200);
      expect(await email(`svc-emulator:${named.port}`)).toBe(404);
      // name:port, on that port only.
      expect(await status('host.docker.internal:4510')).toBe(200);
      expect(await status(`host.docker.internal:${named.port}`)).toBe(403);
      // Any other name is still refused, as a rebound one would be.
      expect(await email(`attacker.example:${named.port}`)).toBe(403);
      expect(await status(`svc-emulator.attacker.example:${named.port}`)).toBe(403);
    } finally {
      await named.close();
    }
  });

  it('takes a POST from a page the emulator serves under an allowed name', async () => {
    const named = await startEmulator({ port: 0, allowedHosts: ['svc-emulator'] });
    try {
      const reply = await rawRequest(
        named.port,
        'POST',
        '/_emulator/reset',
        {
          host: 'svc-emulator:8080',
          origin: 'http://svc-emulator:8080',
          'content-type': 'application/json',
        },
        '{}',
      );
      expect(reply.status).toBe(200);
    } finally {
      await named.close();
    }
  });

  it('refuses an allowed host that is not a host name, naming it', async () => {
    for (const bad of ['', 'http://svc-emulator', 'svc emulator', 'a/b', 'user@host'])
      await expect(startEmulator({ port: 0, allowedHosts: [bad] }), bad).rejects.toThrow(
        /allowed host is a host name or IP address/,
      );
  });
});

describe('the admin token', () => {
  const TOKEN = 'a-token-of-the-users-own-0123456789';

  it('guards every admin route but health and the email link, and only the exact token opens them', async () => {
    const guarded = await startEmulator({ port: 0, adminToken: TOKEN, ui: true });
    try {
      const host = `127.0.0.1:${guarded.port}`;
      const get = async (path: string, authorization?: string) => {
        const reply = await rawRequest(guarded.port, 'GET', path, {
          host,
          ...(authorization !== undefined && { authorization }),
        });
        return { status: reply.status, json: JSON.parse(reply.body) as unknown };
      };
      expect((await get('/_emulator/health')).status).toBe(200);
      // An owner-email link carries a secret of its own, and a browser opens it.
      expect((await get('/_emulator/verify?token=forged')).status).toBe(404);
      const refused = await get('/_emulator/export');
      expect(refused.status).toBe(401);
      expect(refused.json).toMatchObject(
        envelope.error(
          'UNAUTHENTICATED',
          expect.stringContaining('Authorization: Bearer') as string,
        ),
      );
      expect((await get('/_emulator/export', `Bearer ${TOKEN}x`)).status).toBe(401);
      expect((await get('/_emulator/export', `Basic ${TOKEN}`)).status).toBe(401);
      expect((await get('/_emulator/export', TOKEN)).status).toBe(401);
      expect((await get('/_emulator/export', `Bearer ${TOKEN}`)).status).toBe(200);
      // A reset without it wipes nothing.
      const reset = await rawRequest(
        guarded.port,
        'POST',
        '/_emulator/reset',
        { host, 'content-type': 'application/json' },
        '{}',
      );
      expect(reset.status).toBe(401);
      // The web UI's page holds no data and opens without it; every call for data needs it.
      expect(guarded.uiUrl).toBe(`${guarded.url}/_emulator/ui/`);
      const call = (path: string, headers: Record<string, string> = {}) =>
        rawRequest(guarded.port, 'GET', path, { host, ...headers }).then((r) => r.status);
      // Past the guard, the UI's own routes answer: an asset it lacks is its NOT_FOUND.
      expect(await call('/_emulator/ui/assets/missing.js')).toBe(404);
      expect(await call('/_emulator/ui/api/state')).toBe(401);
      expect(await call('/_emulator/ui/api/requests')).toBe(401);
      expect(await call('/_emulator/ui/api/export')).toBe(401);
      // With the admin token, the UI's own check comes next: the page's token, not sent here.
      expect(await call('/_emulator/ui/api/state', { authorization: `Bearer ${TOKEN}` })).toBe(403);
      // Only a page's GET is open: anything else below the UI asks for the token first.
      const posted = await rawRequest(
        guarded.port,
        'POST',
        '/_emulator/ui/data',
        { host, 'content-type': 'application/json' },
        '{}',
      );
      expect(posted.status).toBe(401);
      // The service routes need no admin token.
      const created = await rawRequest(
        guarded.port,
        'POST',
        operation('workspace.create').path,
        { host, 'content-type': 'application/json' },
        JSON.stringify({ data: { ownerEmail: 'guarded-token@example.com' } }),
      );
      expect(created.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('refuses a token too short to resist guessing, or one a header cannot carry', async () => {
    for (const bad of ['short', 'has a space in it somewhere', `${'x'.repeat(20)}\n`])
      await expect(startEmulator({ port: 0, adminToken: bad })).rejects.toThrow(
        /admin token must be/,
      );
  });
});
