import { defineCommand } from '../../cli/declare/command.js';

export const version = defineCommand({
  name: 'version',
  summary: 'Show the version, and the Node, platform and build it runs on',
  options: {},
  examples: ['svc version', 'svc version --json', 'svc version --jq .build'],
  run: () => import('./run.js'),
});
