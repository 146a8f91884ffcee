import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { svcInTerminal } from '../support/pty.js';

/** A terminal's environment: cleanEnv's, without its NO_COLOR. */
function colourTerminalEnv(): Record<string, string> {
  const { NO_COLOR: _noColour, ...env } = cleanEnv();
  return env;
}

describe('colour', () => {
  it('shows on a terminal: dim for what is not set, red for the error', async () => {
    // Without credentials, auth status prints its table, then fails (exit 3).
    const term = svcInTerminal(['auth', 'status'], colourTerminalEnv());
    expect(await term.exited).toBe(3);
    expect(term.raw()).toContain('\x1b[2mnot set\x1b[22m');
    expect(term.raw()).toContain('\x1b[31merror:\x1b[39m');
  });

  it('is never written into a pipe, nor under NO_COLOR on a terminal', async () => {
    const piped = await svc(['auth', 'status'], colourTerminalEnv());
    const term = svcInTerminal(['auth', 'status'], { ...colourTerminalEnv(), NO_COLOR: '1' });
    expect(await term.exited).toBe(3);
    expect(piped.exitCode).toBe(3);
    for (const text of [piped.stdout + piped.stderr, term.raw()]) {
      expect(text).toContain('not set');
      // eslint-disable-next-line no-control-regex
      expect(text).not.toMatch(/\x1b\[\d+m/);
    }
  });
});
