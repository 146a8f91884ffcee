import type { Command } from 'commander';
import { defineCommand } from '../../cli/declare/command.js';
import { helpTopics } from '../../cli/reference/topics.js';

/** The command a path of names leads to, if every name is a subcommand. */
function commandAt(program: Command, names: readonly string[]): Command | undefined {
  let cmd: Command | undefined = program;
  for (const name of names) cmd = cmd?.commands.find((sub) => sub.name() === name);
  return cmd;
}

/** A command's help is commander's own, printed without loading anything more. */
function printCommandHelp(help: Command): boolean {
  const program = help.parent ?? help;
  const names = help.args;
  const target = names.length === 0 ? program : commandAt(program, names);
  target?.outputHelp();
  return target !== undefined;
}

export const help = defineCommand({
  name: 'help',
  summary: `Show help for a command, or a topic: ${helpTopics.map((t) => t.name).join(', ')}`,
  arguments: [{ name: '[topic...]', description: 'a command (e.g. docs migrate) or a topic' }],
  options: {},
  help: `Topics:
${helpTopics.map((t) => `  ${t.name.padEnd(12)} ${t.summary}`).join('\n')}`,
  examples: [
    'svc help docs migrate',
    'svc help exit-codes',
    "svc help environment --json | jq -r '.[].name'",
    'svc help reference > commands.md',
  ],
  answersItself: printCommandHelp,
  run: () => import('./topic.js'),
});
