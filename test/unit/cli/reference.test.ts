import { exitCodeTable } from '../../../src/cli/reference/exit-codes.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { commandReference, exitCodesMarkdown } from '../../../src/cli/reference/markdown.js';
import { allCommands, commandTree } from '../../../src/cli/reference/tree.js';
import { ExitCode } from '../../../src/errors/exit-codes.js';
import { runCli } from '../../support/harness.js';
import { svcCommands } from '../../../src/commands/index.js';

const FILE = fileURLToPath(new URL('../../../docs/commands.md', import.meta.url));
const tree = commandTree(svcCommands);
const reference = commandReference(tree);

describe('docs/commands.md', () => {
  it('is what the command tree gives now (run `npm run generate` after changing a command)', () => {
    // The file alone carries a note to its editors, after the title.
    const [title, note, ...rest] = readFileSync(FILE, 'utf8').split('\n\n');
    expect(note).toMatch(/^<!-- Generated from the command tree .* do not edit\. -->$/);
    expect([title, ...rest].join('\n\n')).toBe(reference);
  });

  it('is left alone by prettier, so the format check passes', async () => {
    const options = await prettier.resolveConfig(FILE);
    expect(await prettier.format(reference, { ...options, filepath: FILE })).toBe(reference);
  });

  it('is what svc help reference prints, and --json gives the tree itself', async () => {
    const text = await runCli(['help', 'reference']);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(reference);
    const json = await runCli(['help', 'reference', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(JSON.stringify(tree)));
  });

  it('has a section for every command, with its usage, flags and examples', () => {
    for (const cmd of allCommands(tree)) {
      if (cmd.path.length === 0) continue;
      const title = `svc ${cmd.path.join(' ')}`;
      const at = reference.indexOf(`# ${title}\n`);
      expect(at, title).toBeGreaterThan(-1);
      if (cmd.subcommands.length > 0) continue;
      const next = reference.indexOf('\n#', at + title.length + 3);
      const section = reference.slice(at, next === -1 ? undefined : next);
      expect(section).toContain(`\`\`\`\n${cmd.usage}\n\`\`\``);
      for (const option of cmd.options) expect(section).toContain(`| \`${option.flags}\``);
      for (const example of cmd.examples) expect(section).toContain(`\n${example}\n`);
    }
  });

  it('groups flags under the headings their help shows', () => {
    const migrate = reference.slice(reference.indexOf('### svc docs migrate\n'));
    expect(migrate.indexOf('**Options**')).toBeLessThan(migrate.indexOf('**Waiting**'));
    expect(migrate.slice(migrate.indexOf('**Waiting**'))).toMatch(
      /^\*\*Waiting\*\*\n\n\| option +\| description +\|\n\| -+ \| -+ \|\n\| `--wait` +\|/,
    );
  });

  it('ends with the exit codes and the environment variables', () => {
    const codes = reference.slice(reference.indexOf('## Exit codes'));
    for (const code of Object.values(ExitCode))
      expect(codes).toMatch(new RegExp(`\\n\\| ${code} +\\|`));
    expect(codes).toContain('| `SVC_CONFIG_DIR`');
    expect(codes).toContain('| `SVC_PROFILE` ');
  });
});

describe('the exit codes have one source', () => {
  it('the README holds the table the reference and `svc help exit-codes` are made from', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Exit codes\n'));
    expect(section.slice('## Exit codes\n\n'.length)).toMatch(
      new RegExp(`^${exitCodesMarkdown().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`),
    );
  });

  it('every exit code of the error map is in the table, once, in order', () => {
    expect(exitCodeTable.map((row) => row.code)).toEqual(
      Object.values(ExitCode).sort((a, b) => a - b),
    );
  });
});
