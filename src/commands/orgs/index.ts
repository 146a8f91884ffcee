import { withBulkOptions } from '../../cli/bulk-options.js';
import type { Register } from '../../cli/command-kit.js';
import { collect } from '../../cli/command-kit.js';

export const registerOrgs: Register = (program, invoke) => {
  const orgs = program
    .command('orgs')
    .description('Rename organizations and switch their access off or on')
    .addHelpText(
      'after',
      `
Examples:
  $ svc orgs update --org acme --name "Acme Inc."
  $ svc orgs disable --org acme --yes
  $ svc orgs enable --org acme`,
    );

  withBulkOptions(
    orgs
      .command('update')
      .description('Rename organizations: one from flags, or many from a file')
      .option('--org <id>', 'organization id')
      .option('--name <name>', 'new organization name'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc orgs update --org acme --name "Acme Inc."
  $ svc orgs update --file orgs.ndjson --json`,
    )
    .action(invoke(() => import('./update.js')));

  for (const [verb, summary, module] of [
    [
      'disable',
      'Switch off access to every document of organizations (asks first)',
      () => import('./disable.js'),
    ],
    ['enable', 'Switch access to organizations back on', () => import('./enable.js')],
  ] as const) {
    withBulkOptions(
      orgs
        .command(verb)
        .description(summary)
        .option('--org <id...>', 'organization id (repeat, or comma-separate)', collect),
    )
      .addHelpText(
        'after',
        `
Examples:
  $ svc orgs ${verb} --org acme${verb === 'disable' ? ' --yes' : ''}
  $ svc orgs ${verb} --org acme,globex --json`,
      )
      .action(invoke(module));
  }
};
