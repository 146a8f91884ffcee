import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmulatorStartError } from '../../../src/emulator/launch.js';
import {
  checkHeaderPrefixOption,
  checkJobDelay,
  checkStartPort,
  fetchBlocksPort,
  readSeedFile,
} from '../../../src/emulator/start-checks.js';

/** The code of the EmulatorStartError that `run` throws. */
function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(EmulatorStartError);
    return (err as EmulatorStartError).code;
  }
  return undefined;
}

describe("startEmulator()'s checks before it starts a process", () => {
  it('takes 0 and any port fetch can reach', () => {
    for (const port of [0, 1024, 3000, 43121, 65_535]) expect(checkStartPort(port)).toBe(port);
  });

  it('refuses what is not a port', () => {
    for (const port of [-1, 65_536, 3.5, Number.NaN, '3000'])
      expect(codeOf(() => checkStartPort(port))).toBe('port-out-of-range');
  });

  it("refuses the ports fetch will not connect to, as Node's fetch does", async () => {
    for (const port of [6000, 6665, 6669, 10080]) {
      expect(fetchBlocksPort(port)).toBe(true);
      expect(codeOf(() => checkStartPort(port))).toBe('port-blocked-by-fetch');
      // Refused by fetch before any connection is tried: nothing listens there.
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({
        cause: { message: 'bad port' },
      });
    }
    expect(fetchBlocksPort(6670)).toBe(false);
  });

  it("knows the standard's whole list, as undici has it", async () => {
    const { createRequire } = await import('node:module');
    const { badPorts } = createRequire(import.meta.url)('undici/lib/web/fetch/constants.js') as {
      badPorts: readonly string[];
    };
    const blocked = Array.from({ length: 65_536 }, (_, port) => port).filter(fetchBlocksPort);
    expect(blocked).toEqual(badPorts.map(Number));
  });

  it('refuses a seed file that cannot be read or is not JSON, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-seed-'));
    const notJson = join(dir, 'seed.json');
    writeFileSync(notJson, '{ workspaces: [] }');
    expect(codeOf(() => readSeedFile(join(dir, 'missing.json')))).toBe('invalid-fixture');
    expect(() => readSeedFile(notJson)).toThrow(`the seed file ${notJson} is not JSON`);
    writeFileSync(notJson, '{"workspaces": []}');
    expect(readSeedFile(notJson)).toEqual({ workspaces: [] });
  });

  it('refuses a job delay or a header prefix that svc emulator start would, naming the option', () => {
    for (const jobDelay of [undefined, 'manual', 0, 200, 168 * 3_600_000])
      expect(() => checkJobDelay(jobDelay)).not.toThrow();
    for (const jobDelay of [-1, 1.5, 168 * 3_600_000 + 1, '200ms'])
      expect(codeOf(() => checkJobDelay(jobDelay))).toBe('invalid-option');
    expect(() => checkHeaderPrefixOption('x-acme')).not.toThrow();
    expect(() => checkHeaderPrefixOption('Bad Prefix')).toThrow(/^headerPrefix: "Bad Prefix"/);
    expect(codeOf(() => checkHeaderPrefixOption('x--acme'))).toBe('invalid-option');
  });
});
