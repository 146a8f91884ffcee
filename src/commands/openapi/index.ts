import { defineCommand } from '../../cli/declare/command.js';

export const openapi = defineCommand({
  name: 'openapi',
  summary: 'Print the OpenAPI 3.1 document of every operation svc sends',
  options: {},
  examples: ['svc openapi > openapi.json', "svc openapi --jq '.paths | keys'"],
  run: () => import('./run.js'),
});
