import { defineCommand } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';

export const schemaOptions = {
  list: opt.switch('--list', 'list the commands that have a schema'),
};

export const schema = defineCommand({
  name: 'schema',
  summary: 'Print the JSON Schema of what a command prints with --json',
  arguments: [{ name: '[command...]', description: 'the command, e.g. docs migrate' }],
  options: schemaOptions,
  examples: [
    'svc schema docs migrate',
    'svc schema users purge > purge.schema.json',
    'svc schema --list',
  ],
  run: () => import('./run.js'),
});
