import { describe, expect, it } from 'vitest';
import { allCommands, commandTree } from '../../../src/cli/reference/tree.js';
import { runCli } from '../../support/harness.js';
import { svcCommands } from '../../../src/commands/index.js';

/** The help lines of one option: its flags line and any wrapped continuation. */
function optionText(help: string, flags: string): string {
  const lines = help.split('\n');
  const start = lines.findIndex((l) => l.trimStart().startsWith(`${flags} `));
  if (start < 0) throw new Error(`no help line for ${flags} in:\n${help}`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => !/^ {10,}\S/.test(l));
  return [lines[start], ...rest.slice(0, end < 0 ? rest.length : end)]
    .map((l) => (l ?? '').trim())
    .join(' ');
}

const commands = [...allCommands(commandTree(svcCommands))].filter((c) => c.path.length > 0);

describe('--help of every command', () => {
  it.each(commands.map((c) => [c.path.join(' '), c] as const))(
    '%s marks its required flags and lists the values of enumerated ones',
    async (_name, command) => {
      const { stdout } = await runCli([...command.path, '--help']);
      for (const option of command.options) {
        const text = optionText(stdout, option.flags);
        if (option.mandatory) expect(text).toMatch(/\((?:[^)]*; )?required[;)]/);
        else expect(text).not.toMatch(/\brequired[;)]/);
        if (option.choices) expect(text).toContain(`one of ${option.choices.join(', ')}`);
      }
    },
  );

  it('has required flags to mark', () => {
    expect(commands.some((c) => c.options.some((o) => o.mandatory))).toBe(true);
    expect(commands.some((c) => c.options.some((o) => o.choices))).toBe(true);
  });
});
