import { defineGroup } from '../../cli/declare/command.js';
import { presenceAdd } from '../bulk-commands.js';

export const presence = defineGroup({
  name: 'presence',
  summary: 'Set who is present in a document',
  examples: [
    'svc presence add --org acme --doc spec --user u1 --status online',
    'svc presence add --org acme --doc spec --file people.csv',
  ],
  commands: [presenceAdd],
});
