import type { Command } from 'commander';
import type { Register } from '../../cli/command-kit.js';
import { helpTopics } from '../../cli/reference/topics.js';

/** The command a path of names leads to, if every name is a subcommand. */
function commandAt(program: Command, names: readonly string[]): Command | undefined {
  let cmd: Command | undefined = program;
  for (const name of names) cmd = cmd?.commands.find((sub) => sub.name() === name);
  return cmd;
}

export const registerHelp: Register = (program, invoke) => {
  const topicList = helpTopics.map((t) => `  ${t.name.padEnd(12)} ${t.summary}`).join('\n');
  const topic = invoke({ run: () => import('./topic.js') });
  program
    .command('help')
    .description('Show help for a command, or a topic: exit-codes, environment, reference')
    .argument('[topic...]', 'a command (e.g. docs migrate) or a topic')
    .addHelpText(
      'after',
      `
Topics:
${topicList}

Examples:
  $ svc help docs migrate
  $ svc help exit-codes
  $ svc help environment --json | jq -r '.[].name'
  $ svc help reference > commands.md`,
    )
    .action(async (names: string[], ...rest: unknown[]) => {
      // Commands' help is commander's own, printed without loading anything more.
      const target = names.length === 0 ? program : commandAt(program, names);
      if (target) {
        target.outputHelp();
        return;
      }
      await topic(names, ...rest);
    });
};
