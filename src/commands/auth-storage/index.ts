import type { Register } from '../../cli/command-kit.js';

/**
 * `svc auth migrate-storage`, added to the `auth` group that registerAuth made; its own
 * registration file so that src/commands/auth/index.ts stays as it is.
 */
export const registerAuthStorage: Register = (program, invoke) => {
  const auth = program.commands.find((cmd) => cmd.name() === 'auth');
  if (!auth) throw new Error('registerAuth must run first');
  auth
    .command('migrate-storage')
    .description(
      "Move a profile's tokens from the config file into the OS keyring (--insecure-storage: back)",
    )
    .option('--all', 'every stored profile, not only the one in use')
    .addHelpText(
      'after',
      `
Examples:
  $ svc auth migrate-storage
  $ svc auth migrate-storage --all
  $ svc auth migrate-storage --profile ci --insecure-storage`,
    )
    .action(invoke(() => import('../auth/migrate-storage.js')));
};
