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

export const userTokenOptions = {
  user: opt.id('--user <id>', 'the user the token is for').required(),
  name: opt.text('--name <name>', "the user's name").required(),
  email: opt.text('--email <email>', "the user's email").required(),
  admin: opt.switch('--admin', 'an administrator'),
  org: opt.id('--org <id>', 'their organization').required(),
  orgRole: opt.choice('--org-role <role>', 'their role in it (default editor)', [
    'editor',
    'viewer',
  ]),
  folder: opt.ids('--folder <id...>', 'folders they get (repeat, or comma-separate)'),
  doc: opt.ids('--doc <id...>', 'documents they get (repeat, or comma-separate)'),
  role: opt.choice('--role <role>', 'their role on those (default editor)', ['editor', 'viewer']),
  expires: opt.expiry('--expires <when>', 'when their access to those ends: 12h, 7d or a date'),
  show: opt.switch('--show', 'print the token at a terminal too'),
};

export const signatureOptions = {
  permissions: opt
    .valueOrFile(
      '--permissions <json>',
      'the answers to sign, a JSON array of {userId, resourceId, type, hasAccess, accessRole?, expiresAt?}; @file or - for stdin',
    )
    .required(),
  show: opt.switch('--show', 'print the signature at a terminal too'),
};

export const auth = defineGroup({
  name: 'auth',
  summary: 'Store, check and remove credentials; mint user tokens and signatures',
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
      name: 'user-token',
      summary: "Mint a user's token carrying their access, for a client SDK (a secret)",
      sends: [{ operation: 'auth.userToken' }],
      options: userTokenOptions,
      printsJson: false,
      help: `The token is a secret: it is printed where stdout is a pipe or a file, and at a
terminal only with --show. It is never written to svc's logs or --debug output.`,
      examples: [
        'svc auth user-token --user u1 --name Ana --email ana@example.com --org acme --doc spec --role viewer > token.txt',
        'TOKEN="$(svc auth user-token --user u1 --name Ana --email ana@example.com --org acme)"',
      ],
      run: () => import('./user-token.js'),
    }),
    defineCommand({
      name: 'signature',
      summary: "Sign a permission provider's answers (a secret)",
      sends: [{ operation: 'auth.signature' }],
      options: signatureOptions,
      printsJson: false,
      help: `Printed where stdout is a pipe or a file, and at a terminal only with --show.`,
      examples: [
        `svc auth signature --permissions '[{"userId":"u1","resourceId":"spec","type":"document","hasAccess":true}]' | tee sig.txt`,
        'svc auth signature --permissions @answers.json > signature.txt',
      ],
      run: () => import('./signature.js'),
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
