import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { envelope } from '../support/envelopes.js';
import { jsonReply, startScriptedServer, type ScriptedServer } from '../support/http-server.js';
import { svcInTerminal } from '../support/pty.js';

const documents = Array.from({ length: 40 }, (_, i) => ({
  id: `doc-${i}`,
  documentName: `Document ${i}`,
  disabled: false,
  accessType: 'public',
}));

/** A pager that says it ran and what it was given, then shows the text as `cat` would. */
const PAGER = 'echo "PAGER-START LESS=$LESS TOKEN=${SVC_AUTH_TOKEN:-none}"; cat';

let server: ScriptedServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startScriptedServer(() => jsonReply(envelope.standard(documents)));
  env = cleanEnv({
    SVC_BASE_URL: server.url,
    SVC_API_KEY: 'k1',
    SVC_AUTH_TOKEN: 'secret-token-1',
    SVC_PAGER: PAGER,
  });
});
afterAll(() => server.close());

describe('long output at a terminal', () => {
  it('goes through SVC_PAGER, with LESS=FRX and without svc secrets', async () => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme'], env, { cols: 60, rows: 10 });
    expect(await term.exited).toBe(0);
    const screen = term.screen();
    expect(screen).toContain('PAGER-START LESS=FRX TOKEN=none');
    expect(screen.indexOf('PAGER-START')).toBeLessThan(screen.indexOf('doc-0 '));
    expect(screen).toContain('doc-39');
  });

  it('goes through it under --json too', async () => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme', '--json'], env, {
      cols: 60,
      rows: 10,
    });
    expect(await term.exited).toBe(0);
    expect(term.screen()).toContain('PAGER-START');
  });

  it('is printed as it is with --no-pager', async () => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme', '--no-pager'], env, {
      cols: 60,
      rows: 10,
    });
    expect(await term.exited).toBe(0);
    expect(term.screen()).not.toContain('PAGER-START');
    expect(term.screen()).toContain('doc-39');
  });

  it('is printed as it is when it fits the terminal', async () => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme', '--limit', '2'], env, {
      cols: 60,
      rows: 10,
    });
    expect(await term.exited).toBe(0);
    expect(term.screen()).not.toContain('PAGER-START');
    expect(term.screen()).toContain('doc-1');
  });

  it('is never paged into a pipe, --json or not', async () => {
    for (const extra of [[], ['--json']]) {
      const r = await svc(['docs', 'list', '--org', 'acme', ...extra], env);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).not.toContain('PAGER-START');
    }
  });

  it('leaves errors on stderr unpaged', async () => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme', '--limit', 'x'], env, {
      cols: 60,
      rows: 10,
    });
    expect(await term.exited).toBe(2);
    expect(term.screen()).not.toContain('PAGER-START');
  });
});
