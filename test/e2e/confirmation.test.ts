import { describe, expect, it } from 'vitest';
import { isDestructive } from '../../src/catalogue/destructive.js';
import { operation, operations } from '../../src/catalogue/operations.js';
import { declaredLeaves } from '../../src/cli/declare/ownership.js';
import { svcCommands } from '../../src/commands/index.js';
import { adminFetch, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator();

async function sentCount(name: string): Promise<number> {
  const res = await adminFetch(emulator, '/_emulator/journal');
  const { entries } = (await res.json()) as { entries: { operation?: string }[] };
  return entries.filter((entry) => entry.operation === name).length;
}

/**
 * Each command that sends a destructive request, with the first of its own examples that
 * names its items on the command line, less `--yes` and `--json`.
 */
const destructive = declaredLeaves(svcCommands).flatMap(({ path, declaration }) => {
  const sent = (declaration.sends ?? []).find((s) =>
    isDestructive(operation(s.operation), s.fixed),
  );
  if (!sent) return [];
  const example = declaration.examples.find((line) => !/[|<>'"]|--file/.test(line));
  if (!example) throw new Error(`${path} has no example that names its items`);
  const words = example.split(/\s+/).slice(1);
  return [
    { path, operation: sent.operation, args: words.filter((w) => w !== '--yes' && w !== '--json') },
  ];
});

describe('every command that removes or switches off data', () => {
  it('is found in the declarations, one at least for each destructive operation', () => {
    const covered = new Set(destructive.map((d) => d.operation));
    expect(operations.filter((op) => op.destructive && !covered.has(op.name))).toEqual([]);
  });

  for (const { path, operation: name, args } of destructive) {
    it(`${path}: off a terminal it needs --yes and sends nothing without it`, async () => {
      const before = await sentCount(name);
      const refused = await svc(args, emulator.env);
      expect(refused.exitCode, refused.stderr).toBe(2);
      expect(refused.stderr).toContain('pass --yes to confirm');
      expect(await sentCount(name)).toBe(before);

      // The same command with --yes is sent: the refusal above was the gate's.
      await svc([...args, '--yes'], emulator.env);
      expect(await sentCount(name)).toBeGreaterThan(before);
    });
  }
});
