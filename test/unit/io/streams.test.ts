import { describe, expect, it } from 'vitest';
import { fakeTerminal } from './fake-streams.js';

describe('createIOStreams', () => {
  it('reports which streams are TTYs, and the width only for a TTY stdout', () => {
    const tty = fakeTerminal({ stdinTTY: true, stdoutTTY: true, stderrTTY: true, columns: 120 });
    expect(tty.io.stdinIsTTY).toBe(true);
    expect(tty.io.stdoutIsTTY).toBe(true);
    expect(tty.io.stderrIsTTY).toBe(true);
    expect(tty.io.columns).toBe(120);
    const piped = fakeTerminal({ columns: 120 });
    expect(piped.io.stdoutIsTTY).toBe(false);
    expect(piped.io.columns).toBeUndefined();
  });

  it('colour follows each stream being a TTY', () => {
    const t = fakeTerminal({ stdoutTTY: false, stderrTTY: true });
    expect(t.io.colorStdout).toBe(false);
    expect(t.io.colorStderr).toBe(true);
  });

  it('--no-color wins over everything, FORCE_COLOR over NO_COLOR and TTY', () => {
    const flag = fakeTerminal({ stdoutTTY: true, noColorFlag: true, env: { FORCE_COLOR: '1' } });
    expect(flag.io.colorStdout).toBe(false);
    const forced = fakeTerminal({ stdoutTTY: false, env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(forced.io.colorStdout).toBe(true);
    const forcedOff = fakeTerminal({ stdoutTTY: true, env: { FORCE_COLOR: '0' } });
    expect(forcedOff.io.colorStdout).toBe(false);
  });

  it('NO_COLOR (non-empty) and TERM=dumb turn colour off on a TTY', () => {
    expect(fakeTerminal({ stdoutTTY: true, env: { NO_COLOR: '1' } }).io.colorStdout).toBe(false);
    expect(fakeTerminal({ stdoutTTY: true, env: { NO_COLOR: '' } }).io.colorStdout).toBe(true);
    expect(fakeTerminal({ stdoutTTY: true, env: { TERM: 'dumb' } }).io.colorStdout).toBe(false);
  });

  it('may prompt only with a TTY stdin and stderr, without --no-input, SVC_NO_INPUT or CI', () => {
    const base = { stdinTTY: true, stderrTTY: true };
    expect(fakeTerminal(base).io.canPrompt).toBe(true);
    expect(fakeTerminal({ ...base, stdinTTY: false }).io.canPrompt).toBe(false);
    expect(fakeTerminal({ ...base, stderrTTY: false }).io.canPrompt).toBe(false);
    expect(fakeTerminal({ ...base, noInputFlag: true }).io.canPrompt).toBe(false);
    expect(fakeTerminal({ ...base, env: { SVC_NO_INPUT: '1' } }).io.canPrompt).toBe(false);
    expect(fakeTerminal({ ...base, env: { CI: 'true' } }).io.canPrompt).toBe(false);
    expect(fakeTerminal({ ...base, env: { CI: 'false' } }).io.canPrompt).toBe(true);
    expect(fakeTerminal({ ...base, env: { SVC_NO_INPUT: '0' } }).io.canPrompt).toBe(true);
  });
});
