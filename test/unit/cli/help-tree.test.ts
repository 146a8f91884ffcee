import { describe, expect, it } from 'vitest';
import {
  allCommands,
  commandTree,
  splitHelpText,
  type CommandInfo,
} from '../../../src/cli/reference/tree.js';
import { runCli } from '../../support/harness.js';
import { svcCommands } from '../../../src/commands/index.js';

/**
 * The words of each simple command on a shell line: pipelines, lists, redirections,
 * comments and `$(…)` / `<(…)` substitutions taken apart, quotes removed. A substitution's
 * own commands come out as commands of their own.
 */
function shellCommands(line: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let redirectTarget = false;
  const endWord = () => {
    if (inWord && !redirectTarget) words.push(word);
    if (inWord) redirectTarget = false;
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  /** Index of the parenthesis that closes the one at `open`. */
  const closing = (open: number) => {
    let depth = 0;
    for (let j = open; j < line.length; j++) {
      if (line[j] === '(') depth++;
      if (line[j] === ')' && --depth === 0) return j;
    }
    throw new Error(`unbalanced parentheses in: ${line}`);
  };
  const substitution = (open: number) => {
    const end = closing(open);
    commands.push(...shellCommands(line.slice(open + 1, end)));
    word += '$SUBSTITUTION';
    inWord = true;
    return end + 1;
  };

  let i = 0;
  while (i < line.length) {
    const c = line[i] ?? '';
    if (line.startsWith('$(', i) || line.startsWith('<(', i)) {
      i = substitution(i + 1);
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      inWord = true;
      while (i < line.length && line[i] !== '"') {
        if (line.startsWith('$(', i)) i = substitution(i + 1);
        else if (line[i] === '\\') {
          word += line[i + 1] ?? '';
          i += 2;
        } else word += line[i++];
      }
      i++;
    } else if (c === '\\') {
      word += line[i + 1] ?? '';
      inWord = true;
      i += 2;
    } else if (/\s/.test(c)) {
      endWord();
      i++;
    } else if (c === '#' && !inWord) {
      break;
    } else if (c === '<' || c === '>') {
      endWord();
      while (line[i] === '<' || line[i] === '>' || line[i] === '&') i++;
      redirectTarget = true;
    } else if (c === '|' || c === ';' || c === '&') {
      endCommand();
      while (line[i] === c) i++;
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  endCommand();
  return commands;
}

/** What is wrong with one `svc …` invocation, checked against the command tree. */
function problemsOf(root: CommandInfo, words: readonly string[]): string[] {
  const problems: string[] = [];
  let cmd = root;
  let positional = 0;
  let afterDashes = false;
  const given = new Set<string>();
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    const name = `svc ${cmd.path.join(' ')}`.trim();
    if (afterDashes) {
      positional++;
    } else if (word === '--') {
      afterDashes = true;
    } else if (word.startsWith('-') && word !== '-') {
      const [flag = word, inline] = word.startsWith('--') ? word.split(/=(.*)/s) : [word];
      const option = [...cmd.options, ...cmd.inherited].find(
        (o) => o.long === flag || o.short === flag,
      );
      if (!option) {
        problems.push(`${name} has no flag ${flag}`);
        continue;
      }
      given.add(option.flags);
      if (!option.takesValue) continue;
      const value = inline ?? words[++i];
      if (value === undefined) problems.push(`${flag} of ${name} needs a value`);
      else if (option.choices && !option.choices.includes(value) && !value.includes('$')) {
        problems.push(`${flag} of ${name} takes ${option.choices.join('/')}, not ${value}`);
      }
    } else {
      const sub = positional === 0 && cmd.subcommands.find((s) => s.path.at(-1) === word);
      if (sub) cmd = sub;
      else positional++;
    }
  }
  const name = `svc ${cmd.path.join(' ')}`.trim();
  if (cmd.subcommands.length > 0) return [...problems, `${name} is a group, not a command`];
  const required = cmd.arguments.filter((a) => a.required).length;
  const variadic = cmd.arguments.some((a) => a.variadic);
  if (positional < required) problems.push(`${name} needs ${required} argument(s)`);
  if (!variadic && positional > cmd.arguments.length) {
    problems.push(`${name} takes ${cmd.arguments.length} argument(s), not ${positional}`);
  }
  for (const option of cmd.options) {
    if (option.mandatory && !given.has(option.flags)) {
      problems.push(`${name} needs ${option.long ?? option.flags}`);
    }
  }
  return problems;
}

const tree = commandTree(svcCommands);
const commands = [...allCommands(tree)];
const leaves = commands.filter((cmd) => cmd.subcommands.length === 0);

describe('the example checker', () => {
  it('takes shell lines apart into the commands they run', () => {
    expect(
      shellCommands(`printf '%s\\n' "$T" | svc a --b 'c d' < in.txt > out.txt # note | svc x`),
    ).toEqual([
      ['printf', '%s\\n', '$T'],
      ['svc', 'a', '--b', 'c d'],
    ]);
    expect(shellCommands('export V="$(svc auth token --workspace)" && source <(svc x)')).toEqual([
      ['svc', 'auth', 'token', '--workspace'],
      ['export', 'V=$SUBSTITUTION'],
      ['svc', 'x'],
      ['source', '$SUBSTITUTION'],
    ]);
  });

  it('finds unknown flags, bad values, missing flags and groups', () => {
    const check = (line: string) => problemsOf(tree, shellCommands(line)[0] ?? []);
    expect(check('svc docs migrate --org o --doc d --to n --wait')).toEqual([]);
    expect(check('svc docs migrate --org o --doc d --to n --bogus')).toEqual([
      'svc docs migrate has no flag --bogus',
    ]);
    expect(check('svc docs migrate --org o --doc d')).toEqual(['svc docs migrate needs --to']);
    expect(check('svc crdt update --org o --doc d --editor e --type list --data x')).toEqual([
      '--type of svc crdt update takes text/map/array/xml, not list',
    ]);
    expect(check('svc docs --json')).toEqual(['svc docs is a group, not a command']);
    expect(check('svc profile use')).toEqual(['svc profile use needs 1 argument(s)']);
  });
});

describe('every command of the tree', () => {
  it('has leaves to check', () => {
    expect(leaves.length).toBeGreaterThan(30);
  });

  it('has groups to check', () => {
    expect(commands.filter((cmd) => cmd.subcommands.length > 0).length).toBeGreaterThan(15);
  });

  // Groups too: `svc docs --help` shows what its commands look like in use.
  it.each(commands.map((cmd) => [`svc ${cmd.path.join(' ')}`.trim(), cmd] as const))(
    '%s has a one-line summary and examples that run it with flags it accepts',
    (name, cmd) => {
      expect(cmd.summary, `${name}: summary`).toMatch(/\S/);
      expect(cmd.summary, `${name}: summary`).not.toContain('\n');
      expect(cmd.examples.length, `${name}: examples`).toBeGreaterThanOrEqual(2);
      const invocations = cmd.examples.flatMap((example) =>
        shellCommands(example).filter((words) => words[0] === 'svc'),
      );
      expect(invocations.length, `${name}: examples that run svc`).toBeGreaterThanOrEqual(
        cmd.examples.length,
      );
      const problems = cmd.examples.flatMap((example) =>
        shellCommands(example)
          .filter((words) => words[0] === 'svc')
          .flatMap((words) => problemsOf(tree, words).map((p) => `${example}\n    → ${p}`)),
      );
      expect(problems).toEqual([]);
      // Each command's examples show that command, not only others.
      const runsItself = invocations.some((words) =>
        [...words, ''].join(' ').startsWith(['svc', ...cmd.path, ''].join(' ')),
      );
      expect(runsItself, `${name}: an example runs ${name}`).toBe(true);
    },
  );

  it.each(
    commands
      .filter((cmd) => cmd.path.length > 0 && cmd.subcommands.length > 0)
      .map((cmd) => [cmd.path.join(' '), cmd] as const),
  )('svc %s --help shows its examples, and not the implicit help command', async (_name, cmd) => {
    const r = await runCli([...cmd.path, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Examples:\n  $ ${cmd.examples[0] ?? ''}\n`);
    expect(r.stdout).not.toMatch(/^ {2}help \[command\]/m);
  });

  it("a group's implicit help command still works, unlisted", async () => {
    const r = await runCli(['docs', 'help', 'migrate']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: svc docs migrate');
  });

  it('every top-level command sits in a named group of svc --help', () => {
    const ungrouped = tree.subcommands.filter((cmd) => cmd.group === 'Commands');
    expect(ungrouped.map((cmd) => cmd.path.join(' '))).toEqual([]);
  });

  it.each(leaves.map((cmd) => [cmd.path.join(' '), cmd] as const))(
    'svc %s --help shows its own options first and the global ones last',
    async (_name, cmd) => {
      if (cmd.path.length === 0) return;
      const r = await runCli([...cmd.path, '--help']);
      expect(r.code).toBe(0);
      // An option group is a heading whose first line is a flag.
      const lines = r.stdout.split('\n');
      const optionHeadings = lines
        .filter((line, i) => /^[A-Z][A-Za-z ]*:$/.test(line) && /^ {2}-/.test(lines[i + 1] ?? ''))
        .map((line) => line.slice(0, -1));
      expect(optionHeadings.at(-1)).toBe('Global options');
      if (cmd.options.some((o) => o.group === 'Options')) expect(optionHeadings[0]).toBe('Options');
      // The groups shown are the groups of the model, in the model's order of first use.
      expect(new Set(optionHeadings)).toEqual(
        new Set([...cmd.options, ...cmd.inherited].map((o) => o.group)),
      );
    },
  );
});

describe('splitHelpText', () => {
  it('keeps the notes apart from the example lines', () => {
    expect(
      splitHelpText('\nPrints a line.\n\nExamples:\n  $ svc a --b\n  $ svc c | jq .\n'),
    ).toEqual({ notes: 'Prints a line.', examples: ['svc a --b', 'svc c | jq .'] });
  });
});
