import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { isDestructive } from '../../../src/catalogue/destructive.js';
import { operation, operations } from '../../../src/catalogue/operations.js';
import { defineCommand } from '../../../src/cli/declare/command.js';
import { commandsOf } from '../../../src/cli/command-kit.js';
import { mountCommand } from '../../../src/cli/declare/mount.js';
import { optionFamilies } from '../../../src/cli/help-layout.js';
import { opt } from '../../../src/cli/declare/options.js';
import { declaredLeaves, operationsOf } from '../../../src/cli/declare/ownership.js';
import { buildProgram } from '../../../src/cli/program.js';
import { svcCommands } from '../../../src/commands/index.js';

const leaves = declaredLeaves(svcCommands);
const catalogueNames = new Set<string>(operations.map((op) => op.name));

/** Each operation's homes: the commands that send it, and the fields each fixes. */
function homesOf(name: string) {
  return leaves.flatMap(({ path, declaration }) =>
    (declaration.sends ?? [])
      .filter((sent) => sent.operation === name)
      .map((sent) => ({
        path,
        fixed: sent.fixed ?? {},
        confirms: declaration.confirm !== undefined,
      })),
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
    for (const { path, declaration } of leaves) {
      const destructive = (declaration.sends ?? []).some((sent) =>
        isDestructive(operation(sent.operation), sent.fixed),
      );
      expect(declaration.confirm !== undefined, path).toBe(destructive);
    }
  });

  it('give every destructive operation a home that confirms it', () => {
    for (const op of operations.filter((o) => o.destructive)) {
      const confirming = homesOf(op.name).filter(
        (home) => isDestructive(op, home.fixed) && home.confirms,
      );
      expect(confirming.length, `${op.name} has no confirming command`).toBeGreaterThan(0);
    }
  });

  it('fix, in every home of a partly destructive operation, the fields that decide it', () => {
    // Otherwise the command could not know before sending whether to ask.
    for (const op of operations) {
      const when = (op as { destructiveWhen?: Record<string, unknown> }).destructiveWhen;
      if (!when) continue;
      for (const home of homesOf(op.name)) {
        for (const field of Object.keys(when)) {
          expect(Object.keys(home.fixed), `${home.path} fixes ${field}`).toContain(field);
        }
      }
    }
  });
});

describe('the command tree', () => {
  const program = buildProgram(svcCommands, () => async () => undefined, {
    writeOut: () => undefined,
    writeErr: () => undefined,
    onError: () => undefined,
  });

  it('holds exactly the declared commands: none is wired by hand', () => {
    const mounted = [...commandsOf(program)]
      .filter((cmd) => cmd.parent && cmd.commands.length === 0)
      .map((cmd) => {
        // The words from the root: groups may hold groups (`webhooks endpoints create`).
        const words: string[] = [];
        for (let at: Command | null = cmd; at && at !== program; at = at.parent)
          words.unshift(at.name());
        return words.join(' ');
      });
    expect(mounted.sort()).toEqual(leaves.map(({ path }) => path).sort());
    expect(mounted).toContain('emulator exec');
    expect(mounted).toContain('help');
  });

  it('groups in help only flags that some command declares', () => {
    const declared = new Set(
      [...commandsOf(program)].flatMap((cmd) => cmd.options.map((option) => option.long)),
    );
    for (const [heading, flags] of optionFamilies) {
      for (const flag of flags) expect(declared.has(flag), `${heading} ${flag}`).toBe(true);
    }
  });

  it('marks as printing no JSON the commands whose output is another format', () => {
    const plain = leaves.filter(({ declaration }) => declaration.printsJson === false);
    expect(plain.map(({ path }) => path).sort()).toEqual([
      '__complete',
      'auth signature',
      'auth token',
      'auth user-token',
      'completion',
      'emulator exec',
      'emulator health',
      'emulator start',
      'emulator stop',
      'webhooks listen',
    ]);
  });
});

describe('mounting a declaration', () => {
  it('mounts a switch and its negation as one value', async () => {
    let seen: unknown;
    const toggled = defineCommand({
      name: 'x',
      summary: 'x',
      options: { ui: opt.switch('--ui', 'on').negatedBy('--no-ui', 'off') },
      examples: [],
      run: () => Promise.reject(new Error('not run')),
    });
    const parse = async (...args: string[]) => {
      const root = new Command('svc').exitOverride();
      mountCommand(root, toggled, () => async (...actionArgs) => {
        seen = (actionArgs[actionArgs.length - 1] as Command).opts().ui;
      });
      await root.parseAsync(['x', ...args], { from: 'user' });
      return seen;
    };
    expect(await parse('--ui')).toBe(true);
    expect(await parse('--no-ui')).toBe(false);
    expect(await parse()).toBeUndefined();
  });

  it('lets a command answer from the tree without running its module', async () => {
    const ran: string[] = [];
    const answering = defineCommand({
      name: 'x',
      summary: 'x',
      arguments: [{ name: '[word]', description: 'a word' }],
      options: {},
      examples: [],
      answersItself: (command) => command.args[0] === 'known',
      run: () => Promise.reject(new Error('not run')),
    });
    const root = new Command('svc').exitOverride();
    mountCommand(root, answering, () => async (word) => {
      ran.push(String(word));
    });
    await root.parseAsync(['x', 'known'], { from: 'user' });
    await root.parseAsync(['x', 'other'], { from: 'user' });
    expect(ran).toEqual(['other']);
  });

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
