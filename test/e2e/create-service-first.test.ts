import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cleanEnv } from '../support/e2e.js';
import { svcInTerminal } from '../support/pty.js';

/** A loopback port on which nothing listens: it was free a moment ago. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('workspace create checks its service before the first question', () => {
  it('with no service URL: no question, and a hint that names svc emulator start and --base-url', async () => {
    const term = svcInTerminal(['workspace', 'create'], cleanEnv(), { cols: 60, rows: 24 });
    expect(await term.exited).toBe(2);
    const screen = term.screen();
    expect(screen).toContain('no service URL is set');
    expect(screen).toContain('svc emulator start');
    expect(screen).toContain('--base-url');
    expect(screen).not.toContain('svc auth login --base-url');
    expect(screen).not.toContain('Owner email');
  });

  it('with a URL where nothing answers: exit 75 before any question', async () => {
    const url = `http://127.0.0.1:${await deadPort()}`;
    const term = svcInTerminal(['workspace', 'create'], cleanEnv({ SVC_BASE_URL: url }), {
      cols: 60,
      rows: 24,
    });
    expect(await term.exited).toBe(75);
    const screen = term.screen();
    // The message is broken between words to fit the terminal's 60 columns.
    expect(screen.replace(/\s+/g, ' ')).toContain(
      `could not connect to ${url} (ECONNREFUSED), given by SVC_BASE_URL`,
    );
    expect(screen).toContain('svc emulator start');
    expect(screen).not.toContain('Owner email');
  });
});
