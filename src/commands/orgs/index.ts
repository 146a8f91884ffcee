import { defineGroup } from '../../cli/declare/command.js';
import { orgsDisable, orgsEnable, orgsUpdate } from '../bulk-commands.js';

export const orgs = defineGroup({
  name: 'orgs',
  summary: 'Rename organizations and switch their access off or on',
  examples: [
    'svc orgs update --org acme --name "Acme Inc."',
    'svc orgs disable --org acme --yes',
    'svc orgs enable --org acme',
  ],
  commands: [orgsUpdate, orgsDisable, orgsEnable],
});
