import type { Register } from '../../cli/command-kit.js';

export const registerSchema: Register = (program, invoke) => {
  program
    .command('schema')
    .description('Print the JSON Schema of what a command prints with --json')
    .argument('[command...]', 'the command, e.g. docs migrate')
    .option('--list', 'list the commands that have a schema')
    .addHelpText(
      'after',
      `
Examples:
  $ svc schema docs migrate
  $ svc schema users purge > purge.schema.json
  $ svc schema --list`,
    )
    .action(invoke({ run: () => import('./run.js') }));
};
