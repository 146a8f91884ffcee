import { existsSync } from 'node:fs';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { haveChromium, openBrowser } from '../support/browser.js';
import { cleanEnv, startEmulator, svc, type Emulator } from '../support/e2e.js';
import { plain, svcInTerminal } from '../support/pty.js';

/**
 * The admin token by default: another user of the machine gets nothing from an emulator on
 * loopback, while each way of starting one hands the token to whoever started it
 * (docs/emulator-security.md, "The admin token").
 */

let running: Emulator[] = [];
afterEach(async () => {
  await Promise.all(running.map((e) => e.stop()));
  running = [];
});

/** `svc emulator start` as a person or script runs it: no token given, so it makes one. */
async function startOwn(args: string[] = []): Promise<Emulator> {
  const e = await startEmulator(args, {}, { adminToken: null });
  running.push(e);
  return e;
}

/** The HTTP status (and body) another user of this machine gets for `path`, over raw TCP. */
async function asNobody(url: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  // bash's /dev/tcp: no program of this test's (or its Node) has to be readable by nobody.
  const script = `exec 3<>/dev/tcp/${hostname}/${port}; printf 'GET ${path} HTTP/1.0\\r\\nHost: ${hostname}:${port}\\r\\n\\r\\n' >&3; cat <&3`;
  const { stdout } = await execa('runuser', ['-u', 'nobody', '--', 'bash', '-c', script]);
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(stdout)?.[1]), body: stdout };
}

const asRoot = process.getuid?.() === 0 && existsSync('/usr/sbin/runuser');

describe.skipIf(!asRoot)('another user of the machine', () => {
  it('gets 401 and no token from the export of an emulator started the default way', async () => {
    const e = await startOwn();
    const seeded = await svc(['workspace', 'create', '--email', 'leak@example.com', '--json'], {
      ...cleanEnv({ SVC_BASE_URL: e.url }),
    });
    expect(seeded.exitCode).toBe(0);
    const token = (JSON.parse(seeded.stdout) as { workspaceToken: string }).workspaceToken;
    const answer = await asNobody(e.url, '/_emulator/export');
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('UNAUTHENTICATED');
    expect(answer.body).not.toContain(token);
    // Health stays open: a probe of any user may ask whether it answers.
    expect((await asNobody(e.url, '/_emulator/health')).status).toBe(200);
  });

  it('gets everything with --no-admin-token, which says so at start', async () => {
    const e = await startOwn(['--no-admin-token']);
    const answer = await asNobody(e.url, '/_emulator/export');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('svc-emulator-state');
    await e.stop();
    expect(String((await e.process).stderr)).toContain(
      '--no-admin-token: every user of this machine can reset this emulator and export its tokens',
    );
  });
});

describe('a start that makes its own token', () => {
  it('off a terminal, prints neither the token nor a link carrying it, and says where it is shown', async () => {
    const e = await startOwn();
    const unauthorized = await fetch(`${e.url}/_emulator/export`);
    expect(unauthorized.status).toBe(401);
    await e.stop();
    const { stdout, stderr } = await e.process;
    const ready = JSON.parse(String(stdout).split('\n')[0] ?? '') as { ui?: string };
    expect(ready.ui).toBe(`${e.url}/_emulator/ui/`);
    expect(String(stderr)).not.toContain('#token=');
    expect(String(stderr)).not.toMatch(/SVC_EMULATOR_ADMIN_TOKEN=/);
    expect(String(stderr)).toContain('shown only at a terminal');
  });

  it('at a terminal, gives the token in the export line and the UI link, and both work', async () => {
    const terminal = svcInTerminal(['emulator', 'start', '--port', '0'], cleanEnv());
    try {
      await terminal.waitFor('Press Ctrl-C', 20_000);
      const screen = plain(terminal.screen()).replace(/\n/g, ' ');
      const url = /export SVC_BASE_URL=(\S+)/.exec(screen)?.[1] ?? '';
      const token = /SVC_EMULATOR_ADMIN_TOKEN=([\w-]+)/.exec(screen)?.[1] ?? '';
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(screen).toContain(`${url}/_emulator/ui/#token=${token}`);
      const withToken = await fetch(`${url}/_emulator/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(withToken.status).toBe(200);
      expect((await fetch(`${url}/_emulator/export`)).status).toBe(401);
    } finally {
      terminal.signal('SIGINT');
      await terminal.exited;
    }
  });
});

describe('svc emulator exec', () => {
  it("hands the command the emulator's token, which svc webhooks trigger sends", async () => {
    const script = [
      'test -n "$SVC_EMULATOR_ADMIN_TOKEN"',
      'curl -s -o /dev/null -w "%{http_code} " "$SVC_BASE_URL/_emulator/export"',
      'curl -s -o /dev/null -w "%{http_code} " -H "Authorization: Bearer $SVC_EMULATOR_ADMIN_TOKEN" "$SVC_BASE_URL/_emulator/export"',
      'svc webhooks trigger comment.add --json',
    ].join(' && ');
    const result = await svc(['emulator', 'exec', '--', 'sh', '-c', script], cleanEnv());
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^401 200 /);
    expect(JSON.parse(result.stdout.slice(8))).toMatchObject({ event: 'comment.add' });
  });
});

describe('refusals', () => {
  it('refuses --no-admin-token with a --host other than loopback, binding nothing', async () => {
    const result = await svc(
      ['emulator', 'start', '--port', '0', '--host', '0.0.0.0', '--no-admin-token'],
      cleanEnv(),
    );
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      '--host 0.0.0.0 with --no-admin-token would let anyone on the network reset the emulator and export every token',
    );
  });

  it('refuses --no-admin-token beside SVC_EMULATOR_ADMIN_TOKEN', async () => {
    const result = await svc(
      ['emulator', 'start', '--port', '0', '--no-admin-token'],
      cleanEnv({ SVC_EMULATOR_ADMIN_TOKEN: 'x'.repeat(32) }),
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--no-admin-token and SVC_EMULATOR_ADMIN_TOKEN contradict');
  });
});

describe.skipIf(!haveChromium)('the web UI with an admin token', () => {
  it('asks for the printed link when opened without the token', async () => {
    const e = await startOwn();
    const browser = await openBrowser();
    try {
      await browser.page.goto(`${e.url}/_emulator/ui/`);
      await browser.page
        .locator('#status', { hasText: 'open the UI by the link svc emulator start printed' })
        .waitFor({ timeout: 10_000 });
    } finally {
      await browser.close();
    }
  });

  it('works from its link, keeps the token out of the address bar, and streams requests', async () => {
    const token = 'ui-link-token-0123456789abcdef';
    const e = await startEmulator([], {}, { adminToken: token });
    running.push(e);
    const browser = await openBrowser();
    try {
      await browser.page.goto(`${e.url}/_emulator/ui/requests#token=${token}`);
      await browser.page.waitForURL(`${e.url}/_emulator/ui/requests`);
      // A call made now reaches the page through the request stream, which needs the token.
      const created = await svc(
        ['workspace', 'create', '--email', 'ui-token@example.com', '--json'],
        cleanEnv({ SVC_BASE_URL: e.url }),
      );
      expect(created.exitCode).toBe(0);
      await browser.page.getByText('workspace.create').first().waitFor({ timeout: 10_000 });
      await browser.page.goto(`${e.url}/_emulator/ui/workspaces`);
      await browser.page.getByText('ui-token@example.com').first().waitFor({ timeout: 10_000 });
      expect(await browser.page.locator('#status.failed').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
