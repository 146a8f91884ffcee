import type { Register } from '../../cli/command-kit.js';

export const registerAuth: Register = (program, invoke) => {
  const auth = program
    .command('auth')
    .description('Store, check and remove credentials')
    .addHelpText(
      'after',
      `
Examples:
  $ svc auth login --api-key KEY
  $ svc auth status
  $ export SVC_AUTH_TOKEN="$(svc auth token)"`,
    );

  auth
    .command('login')
    .description('Store credentials in a profile (tokens come from stdin or a hidden prompt)')
    .option('--api-key <key>', 'API key id')
    .option('--workspace-id <id>', 'workspace id')
    .option('--with-token', "read the API key's auth token from stdin")
    .option(
      '--with-workspace-token',
      'read the workspace token from stdin (with --with-token: the second line)',
    )
    .option('--force', "replace the profile's stored credentials without asking")
    .option('--no-verify', 'store without checking the credentials against the service')
    .addHelpText(
      'after',
      `
The credentials are checked with one read against the service before they are stored,
and are sent only to that service afterwards.

Examples:
  $ svc auth login --base-url https://api.example.com --api-key KEY
  $ printf '%s\\n' "$TOKEN" | svc auth login --profile ci --api-key KEY --with-token
  $ printf '%s\\n%s\\n' "$TOKEN" "$WS_TOKEN" | svc auth login --api-key KEY --workspace-id WS --with-token --with-workspace-token`,
    )
    .action(invoke(() => import('./login.js')));

  auth
    .command('logout')
    .description("Remove a profile's tokens (keeps its service URL and ids)")
    .addHelpText(
      'after',
      `
Examples:
  $ svc auth logout
  $ svc auth logout --profile ci`,
    )
    .action(invoke(() => import('./logout.js')));

  auth
    .command('status')
    .description('Show which credentials are in use and check them against the service')
    .addHelpText(
      'after',
      `
Examples:
  $ svc auth status
  $ svc auth status --profile ci --json | jq -e '.apiKey.valid'`,
    )
    .action(invoke(() => import('./status.js')));

  auth
    .command('token')
    .description('Print the auth token in use, e.g. to export it to a CI secret')
    .option('--workspace', 'print the workspace token instead')
    .addHelpText(
      'after',
      `
Examples:
  $ svc auth token
  $ export SVC_WORKSPACE_TOKEN="$(svc auth token --workspace)"`,
    )
    .action(invoke(() => import('./token.js')));
};
