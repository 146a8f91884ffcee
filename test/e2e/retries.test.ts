import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { envelope } from '../support/envelopes.js';
import {
  jsonReply,
  startScriptedServer,
  type ScriptedReply,
  type ScriptedServer,
} from '../support/http-server.js';
import { svcInTerminal } from '../support/pty.js';

let server: ScriptedServer | undefined;
afterEach(() => server?.close());

/** A service that answers the first `limited` requests with 429, then lists one document. */
async function rateLimitedService(limited: number, retryAfter: string) {
  let calls = 0;
  server = await startScriptedServer((): ScriptedReply => {
    if (calls++ < limited) {
      const reply = jsonReply(envelope.error('RESOURCE_EXHAUSTED', 'slow down'), 429);
      return { ...reply, headers: { ...reply.headers, 'retry-after': retryAfter } };
    }
    return jsonReply(envelope.standard([{ id: 'welcome', documentName: 'Welcome' }]));
  });
  return cleanEnv({ SVC_BASE_URL: server.url, SVC_API_KEY: 'k1', SVC_AUTH_TOKEN: 't1' });
}

describe('retries', () => {
  it('show on a terminal as one line that updates, and is gone when the call ends', async () => {
    const env = await rateLimitedService(2, '1');
    const term = svcInTerminal(['docs', 'list', '--org', 'acme'], env);
    await term.waitFor('rate limited (429), retrying in 1s, attempt 2 of 4');
    await term.waitFor('rate limited (429), retrying in 1s, attempt 3 of 4');
    expect(await term.exited).toBe(0);
    expect(term.screen()).toContain('welcome');
    // Each wait rewrites the same line, and the line is erased before the result.
    const raw = term.raw();
    expect(raw).toContain('\r\x1b[2Krate limited (429), retrying in 1s, attempt 3 of 4\r\x1b[2K');
    expect(raw.indexOf('attempt 3 of 4')).toBeLessThan(raw.indexOf('welcome'));
  });

  it('fit a narrow terminal on one line', async () => {
    const env = await rateLimitedService(1, '1');
    const term = svcInTerminal(['docs', 'list', '--org', 'acme'], env, { cols: 33, rows: 7 });
    await term.waitFor('rate limited, retrying in 1s');
    expect(await term.exited).toBe(0);
    // Too narrow for every part: the status code goes, the duration stays whole, and the
    // line is cleared before the table.
    expect(term.raw()).toContain('\r\x1b[2Krate limited, retrying in 1s…\r\x1b[2K');
  });

  it('are not drawn on a pipe, and are traced under --debug', async () => {
    const env = await rateLimitedService(1, '0');
    const piped = await svc(['docs', 'list', '--org', 'acme'], env);
    expect(piped.exitCode).toBe(0);
    expect(piped.stderr).toBe('');
    await server?.close();
    const traced = await svc(
      ['docs', 'list', '--org', 'acme', '--debug'],
      await rateLimitedService(1, '0'),
    );
    expect(traced.stderr).toContain('* rate limited (429), retrying in 0ms, attempt 2 of 4');
  });

  it('end, when they run out, with how many attempts over how long', async () => {
    const env = await rateLimitedService(Infinity, '1');
    const r = await svc(['docs', 'list', '--org', 'acme'], env);
    expect(r.exitCode).toBe(75);
    expect(r.stderr).toMatch(
      /^error: RESOURCE_EXHAUSTED: slow down \(gave up after 4 attempts over 3(\.\d)?s\)$/m,
    );
  });
});
