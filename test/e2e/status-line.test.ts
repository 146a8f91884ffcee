import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from '../support/e2e.js';
import { jsonReply, startScriptedServer } from '../support/http-server.js';
import { svcInTerminal } from '../support/pty.js';

/** A service that is gone: a port where nothing listens any more refuses every connection. */
let env: Record<string, string>;
beforeAll(async () => {
  const server = await startScriptedServer(() => jsonReply({}));
  await server.close();
  env = cleanEnv({ SVC_BASE_URL: server.url, SVC_API_KEY: 'k1', SVC_AUTH_TOKEN: 't1' });
});

/**
 * What each rewrite of the line showed: the text between returns to the start of the line
 * (a carriage return, or CSI 1G as the spinner moves there) and line feeds.
 */
function frames(raw: string): string[] {
  return (
    raw
      // eslint-disable-next-line no-control-regex
      .split(/\r|\n|\x1b\[1G/)
      // eslint-disable-next-line no-control-regex
      .map((frame) => frame.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, ''))
      .filter((frame) => frame.trim() !== '')
  );
}

describe('a wait through an outage, at 50 columns', () => {
  it('keeps one status line, rewritten in place, that fits and cuts no duration', async () => {
    const term = svcInTerminal(
      ['docs', 'migration-status', '--org', 'acme', '--id', 'm1', '--wait-timeout', '4s'],
      env,
      { cols: 50, rows: 20 },
    );
    // Timed out (7), or given up as unreachable (75): either way after retries were shown.
    expect([7, 75]).toContain(await term.exited);
    const raw = term.raw();
    const shown = frames(raw);
    // Several retries were shown while it waited...
    expect(shown.filter((frame) => frame.includes('retrying')).length).toBeGreaterThanOrEqual(2);
    // ...on one line: none of them ended a line of its own.
    const lines = raw.split('\n');
    expect(lines.filter((line) => line.includes('retrying')).length).toBeLessThanOrEqual(1);
    // (The error it ends with is a message, wrapped as the terminal wraps it: not a frame.)
    for (const frame of shown.filter((f) => f.includes('retrying'))) {
      expect([...frame].length, frame).toBeLessThanOrEqual(50);
    }
    // A duration is whole or left out: never `188m` for 188ms.
    expect(raw).not.toMatch(/\d+m…/);
    expect(raw).not.toMatch(/\d+…/);
  });
});
