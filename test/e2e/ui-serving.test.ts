import { describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/operations.js';
import {
  adminFetch,
  adminHeaders,
  type Emulator,
  seedWorkspaces,
  svc,
  cleanEnv,
} from '../support/e2e.js';
import { KEY, svcInTerminal } from '../support/pty.js';
import { emulatorsPerTest } from '../support/seeded-emulator.js';

const { start } = emulatorsPerTest();

/** The ready line svc emulator start printed. */
async function readyLine(e: Emulator): Promise<Record<string, unknown>> {
  await e.stop();
  const line = String((await e.process).stdout)
    .split('\n')
    .find((l) => l.includes('"ready"'));
  return JSON.parse(line ?? '{}') as Record<string, unknown>;
}

const uiOf = (e: Emulator) => `${e.url}/_emulator/ui/`;

async function pageToken(e: Emulator): Promise<string> {
  const html = await (await fetch(uiOf(e))).text();
  const token = /name="svc-ui-token" content="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no token in the page: ${html}`);
  return token;
}

/** The first `count` request events of the UI's event stream, as sent. */
async function requestEvents(response: Response, count: number): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // The piece after the last blank line is a frame still arriving.
  const frames = () =>
    text
      .split('\n\n')
      .slice(0, -1)
      .filter((f) => f.includes('event: request\n'));
  while (frames().length < count) text += decoder.decode((await reader.read()).value);
  await reader.cancel();
  return frames().slice(0, count);
}

describe('svc emulator start: the web UI', () => {
  it('serves the UI on loopback by default and names its address in the ready line', async () => {
    const e = await start();
    const page = await fetch(`${uiOf(e)}requests`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const script = await fetch(`${uiOf(e)}assets/app.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${uiOf(e)}no-such-view`)).status).toBe(404);
    expect(await readyLine(e)).toMatchObject({ status: 'ready', ui: uiOf(e) });
  });

  it('--no-ui and --no-admin turn it off', async () => {
    const noUi = await start(['--no-ui']);
    expect((await fetch(uiOf(noUi))).status).toBe(404);
    expect((await fetch(`${noUi.url}/_emulator/health`)).status).toBe(200);
    expect(await readyLine(noUi)).not.toHaveProperty('ui');

    const noAdmin = await start(['--no-admin']);
    expect((await fetch(uiOf(noAdmin))).status).toBe(404);
    expect(await readyLine(noAdmin)).not.toHaveProperty('ui');
  });

  it('stays off with --host 0.0.0.0 unless --ui asks for it', async () => {
    const exposed = await start(['--host', '0.0.0.0']);
    expect((await fetch(uiOf(exposed))).status).toBe(404);
    expect(await readyLine(exposed)).not.toHaveProperty('ui');

    const asked = await start(['--host', '0.0.0.0', '--ui']);
    expect((await fetch(uiOf(asked))).status).toBe(200);
  });

  it('refuses --ui with --no-admin, with exit 2', async () => {
    const r = await svc(['emulator', 'start', '--port', '0', '--no-admin', '--ui'], cleanEnv());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--ui needs the admin routes');
    expect(r.stdout).toBe('');
  });
});

describe('in a terminal', () => {
  it('start and exec tell the person where the UI is', async () => {
    const start = svcInTerminal(['emulator', 'start', '--port', '0'], cleanEnv());
    // The link carries the admin token made for this start: the page sends it on its calls.
    await start.waitFor(
      /See its data and requests at\s+http:\/\/127\.0\.0\.1:\d+\/_emulator\/ui\/#token=[\w-]{43}\b/,
    );
    start.type(KEY.ctrlC);
    expect(await start.exited).toBe(0);

    const exec = svcInTerminal(['emulator', 'exec', '--', 'true'], cleanEnv());
    await exec.waitFor(
      /Emulator UI:\s+http:\/\/127\.0\.0\.1:\d+\/_emulator\/ui\/#token=[\w-]{43}\b/,
    );
    expect(await exec.exited).toBe(0);
  });

  it('exec says nothing of the UI when stderr is not a terminal', async () => {
    const r = await svc(['emulator', 'exec', '--', 'true'], cleanEnv());
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe("the UI's calls", () => {
  it('change state only with the token the page was served, and never for another origin', async () => {
    const e = await start();
    await seedWorkspaces(e, { workspaces: [{ ownerEmail: 'a@example.com' }] });
    // Every call carries the admin token; what is tried here is the run's token.
    const reset = (headers: Record<string, string>) =>
      fetch(`${uiOf(e)}api/reset`, {
        method: 'POST',
        headers: adminHeaders(e, headers),
        body: '{}',
      }).then((r) => r.status);
    const token = await pageToken(e);
    const json = { 'content-type': 'application/json' };

    expect(await reset(json)).toBe(403);
    expect(await reset({ ...json, 'x-svc-ui-token': `${token}x` })).toBe(403);
    expect(
      await reset({ ...json, 'x-svc-ui-token': token, origin: 'http://attacker.example' }),
    ).toBe(403);
    expect((await adminFetch(e, '/_emulator/ui/api/state')).status).toBe(403);
    // The run's token without the admin token is refused too.
    expect(
      (await fetch(`${uiOf(e)}api/state`, { headers: { 'x-svc-ui-token': token } })).status,
    ).toBe(401);
    const state = async () =>
      (await (
        await adminFetch(e, '/_emulator/ui/api/state', { headers: { 'x-svc-ui-token': token } })
      ).json()) as {
        workspaces: unknown[];
      };
    expect((await state()).workspaces).toHaveLength(1);
    const unknownQuery = await adminFetch(e, '/_emulator/ui/api/state?workspace=x', {
      headers: { 'x-svc-ui-token': token },
    });
    expect(unknownQuery.status).toBe(400);
    expect(await unknownQuery.text()).toContain('workspace');

    const withoutAdminToken = await fetch(`${uiOf(e)}api/reset`, {
      method: 'POST',
      headers: { ...json, 'x-svc-ui-token': token },
      body: '{}',
    });
    expect(withoutAdminToken.status).toBe(401);
    expect((await state()).workspaces).toHaveLength(1);

    expect(await reset({ ...json, 'x-svc-ui-token': token, origin: new URL(e.url).origin })).toBe(
      200,
    );
    expect((await state()).workspaces).toHaveLength(0);
  });

  it('a new emulator run has a new token', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    expect(await pageToken(a)).not.toBe(await pageToken(b));
  });

  it('the request log resumes after the Last-Event-ID a reconnecting reader sends', async () => {
    const e = await start();
    const { envFor } = await seedWorkspaces(e, {
      workspaces: [{ ownerEmail: 'a@example.com', organizations: [{ id: 'acme' }] }],
    });
    const env = envFor('a@example.com');
    for (const user of ['u1', 'u2', 'u3']) {
      const r = await svc(['permissions', 'get', '--org', 'acme', '--user', user, '--json'], env);
      expect(r.exitCode, r.stderr).toBe(0);
    }
    const events = await adminFetch(e, '/_emulator/ui/api/requests', {
      headers: { 'last-event-id': '1' },
    });
    const frames = await requestEvents(events, 2);
    expect(frames.map((f) => /^id: (\d+)$/m.exec(f)?.[1])).toEqual(['2', '3']);
  });

  it('the request log streams each API call, with the credentials it carried redacted', async () => {
    const e = await start();
    const { workspaces } = await seedWorkspaces(e, {
      workspaces: [{ ownerEmail: 'a@example.com', organizations: [{ id: 'acme' }] }],
    });
    const ws = workspaces[0]!;
    // The log shows every call's body: the stream needs the admin token.
    const refused = await fetch(`${uiOf(e)}api/requests`);
    await refused.body?.cancel();
    expect(refused.status).toBe(401);
    const events = await adminFetch(e, '/_emulator/ui/api/requests');
    expect(events.headers.get('content-type')).toContain('text/event-stream');

    // A careless client puts its token in a body too: the log shows neither copy.
    const call = await fetch(`${e.url}${operation('permissions.get').path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-api-key': ws.apiKey,
        'x-service-auth-token': ws.authToken,
      },
      body: JSON.stringify({ data: { organizationId: 'acme', userIds: [ws.authToken] } }),
    });
    expect(call.status).toBe(200);
    const [text = ''] = await requestEvents(events, 1);
    const data = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      operation: 'permissions.get',
      auth: 'key',
      workspaceId: ws.workspaceId,
      httpStatus: 200,
      request: { data: { organizationId: 'acme', userIds: ['[redacted]'] } },
    });
    expect(data.decisions).toEqual([
      expect.objectContaining({ check: 'permission', allowed: false }),
    ]);
    expect(text).not.toContain(ws.authToken);
  });
});
