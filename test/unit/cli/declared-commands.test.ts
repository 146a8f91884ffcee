import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { isDestructive } from '../../../src/catalogue/destructive.js';
import { operation, operations } from '../../../src/catalogue/operations.js';
import { defineCommand } from '../../../src/cli/declare/command.js';
import { mountCommand } from '../../../src/cli/declare/mount.js';
import { opt } from '../../../src/cli/declare/options.js';
import { declaredLeaves, operationsOf } from '../../../src/cli/declare/ownership.js';
import { svcCommands } from '../../../src/commands/index.js';

const leaves = declaredLeaves(svcCommands);
const catalogueNames = new Set<string>(operations.map((op) => op.name));

/** Each operation's homes: the commands that send it, and the fields each fixes. */
function homesOf(name: string) {
  return leaves.flatMap(({ path, declaration }) =>
    (declaration.sends ?? [])
      .filter((sent) => sent.operation === name)
      .map((sent) => ({ path, fixed: sent.fixed ?? {} })),
  );
}

describe('the declared commands and the catalogue', () => {
  it('give every operation one home, or one per value of the field that splits it', () => {
    for (const op of operations) {
      const homes = homesOf(op.name);
      expect(homes.length, `${op.name} has no command`).toBeGreaterThan(0);
      if (homes.length === 1) continue;
      // Several homes split the operation by a fixed field, each value once.
      const splits = homes.map((home) => JSON.stringify(home.fixed));
      expect(new Set(splits).size, `${op.name}: ${homes.map((h) => h.path).join(', ')}`).toBe(
        homes.length,
      );
      expect(splits, op.name).not.toContain('{}');
    }
  });

  it('name no operation the catalogue lacks', () => {
    for (const { path, declaration } of leaves) {
      for (const name of operationsOf(declaration)) {
        expect(catalogueNames.has(name), `${path}: ${name}`).toBe(true);
      }
    }
  });

  it('follow only operations that have a home of their own', () => {
    for (const { path, declaration } of leaves) {
      for (const name of declaration.follows ?? []) {
        expect(homesOf(name).length, `${path} follows ${name}`).toBeGreaterThan(0);
      }
    }
  });

  it('declare a confirmation exactly where a request they send is destructive', () => {
    const confirming: string[] = [];
    for (const { path, declaration } of leaves) {
      const destructive = (declaration.sends ?? []).some((sent) =>
        isDestructive(operation(sent.operation), sent.fixed),
      );
      expect(declaration.confirm !== undefined, path).toBe(destructive);
      if (destructive) confirming.push(path);
    }
    expect(confirming.sort()).toEqual([
      'activities delete',
      'docs disable',
      'orgs disable',
      'users purge',
      'users remove',
    ]);
  });

  it('leave only `docs enable` and `orgs enable` undestructive among the split operations', () => {
    const enable = leaves.filter(({ path }) => path.endsWith(' enable'));
    expect(enable.map(({ path }) => path).sort()).toEqual(['docs enable', 'orgs enable']);
    for (const { declaration } of enable) {
      const [sent] = declaration.sends ?? [];
      expect(sent && isDestructive(operation(sent.operation), sent.fixed)).toBe(false);
    }
  });
});

describe('mounting a declaration', () => {
  it('refuses a flag whose key is not the name commander gives its value', () => {
    const wrong = defineCommand({
      name: 'x',
      summary: 'x',
      options: { organization: opt.id('--org <id>', 'organization id') },
      examples: [],
      run: () => Promise.reject(new Error('not run')),
    });
    expect(() => mountCommand(new Command('svc'), wrong, () => async () => {})).toThrow(
      'x: --org <id> is declared as "organization"',
    );
  });

  it('parses ids as commander reads them', () => {
    const declared = opt.id('--org <id>', 'organization id').build();
    expect(() => declared.parseArg?.('', undefined)).toThrow('--org: must not be empty');
    expect(() => declared.parseArg?.('x'.repeat(129), undefined)).toThrow(
      '--org: must be at most 128 characters',
    );
    expect(declared.parseArg?.('acme', undefined)).toBe('acme');
  });
});
