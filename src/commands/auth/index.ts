import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';

export const loginOptions = {
  apiKey: opt.id('--api-key <key>', 'API key id'),
  workspaceId: opt.id('--workspace-id <id>', 'workspace id'),
  withToken: opt.switch('--with-token', "read the API key's auth token from stdin"),
  withWorkspaceToken: opt.switch(
    '--with-workspace-token',
    'read the workspace token from stdin (with --with-token: the second line)',
  ),
  force: opt.switch('--force', "replace the profile's stored credentials without asking"),
  verify: opt.switch('--no-verify', 'store without checking the credentials against the service'),
};

export const migrateStorageOptions = {
  all: opt.switch('--all', 'every stored profile, not only the one in use'),
};

export const tokenOptions = {
  workspace: opt.switch('--workspace', 'print the workspace token instead'),
};

export const auth = defineGroup({
  name: 'auth',
  summary: 'Store, check and remove credentials',
  examples: [
    'svc auth login --api-key KEY',
    'svc auth status',
    'export SVC_AUTH_TOKEN="$(svc auth token)"',
  ],
  commands: [
    defineCommand({
      name: 'login',
      summary: 'Store credentials in a profile (tokens come from stdin or a hidden prompt)',
      options: loginOptions,
      help: `The credentials are checked with one read against the service before they are stored,
and are sent only to that service afterwards.`,
      examples: [
        'svc auth login --base-url https://api.example.com --api-key KEY',
        `printf '%s\\n' "$TOKEN" | svc auth login --profile ci --api-key KEY --with-token`,
        `printf '%s\\n%s\\n' "$TOKEN" "$WS_TOKEN" | svc auth login --api-key KEY --workspace-id WS --with-token --with-workspace-token`,
      ],
      run: () => import('./login.js'),
    }),
    defineCommand({
      name: 'logout',
      summary: "Remove a profile's tokens (keeps its service URL and ids)",
      options: {},
      examples: ['svc auth logout', 'svc auth logout --profile ci'],
      run: () => import('./logout.js'),
    }),
    defineCommand({
      name: 'status',
      summary: 'Show which credentials are in use and check them against the service',
      options: {},
      examples: ['svc auth status', "svc auth status --profile ci --json | jq -e '.apiKey.valid'"],
      run: () => import('./status.js'),
    }),
    defineCommand({
      name: 'token',
      summary: 'Print the auth token in use, e.g. to export it to a CI secret',
      options: tokenOptions,
      printsJson: false,
      examples: ['svc auth token', 'export SVC_WORKSPACE_TOKEN="$(svc auth token --workspace)"'],
      run: () => import('./token.js'),
    }),
    defineCommand({
      name: 'migrate-storage',
      summary:
        "Move a profile's tokens from the config file into the OS keyring (--insecure-storage: back)",
      options: migrateStorageOptions,
      examples: [
        'svc auth migrate-storage',
        'svc auth migrate-storage --all',
        'svc auth migrate-storage --profile ci --insecure-storage',
      ],
      run: () => import('./migrate-storage.js'),
    }),
  ],
});
