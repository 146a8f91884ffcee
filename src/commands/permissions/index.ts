import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { count, someIds } from '../../io/plural.js';
import { limitOption, orgOption } from '../common-options.js';

export const permissionsGetOptions = {
  org: orgOption.required(),
  user: opt.ids('--user <id...>', 'user id (repeat, or comma-separate)').required(),
  folder: opt.ids('--folder <id...>', 'folder id (repeat, or comma-separate)'),
  doc: opt.ids('--doc <id...>', 'document id (repeat, or comma-separate)'),
  limit: limitOption,
};

/** The resources a grant or revocation names: folders and documents, or the organization. */
const resourceOptions = {
  org: orgOption.required(),
  user: opt.id('--user <id>', 'user id').required(),
  folder: opt.ids('--folder <id...>', 'folder id (repeat, or comma-separate)'),
  doc: opt.ids('--doc <id...>', 'document id (repeat, or comma-separate)'),
};

export const permissionsGrantOptions = {
  ...resourceOptions,
  role: opt.choice('--role <role>', 'editor (the default) or viewer', ['editor', 'viewer']),
  expires: opt.expiry(
    '--expires <when>',
    'when the access ends: a time from now (12h, 7d) or an ISO 8601 date (2027-01-31); default never',
  ),
};

export const permissionsRevokeOptions = resourceOptions;

/** "organization acme", "document plan in organization acme", "3 documents (a, b, c) in …" */
function resourcesNamed(opts: { org: string; doc?: string[]; folder?: string[] }): string {
  const named = (ids: string[], noun: string) =>
    ids.length === 1 ? `${noun} ${ids[0]}` : `${count(ids.length, noun)} (${someIds(ids)})`;
  const parts = [
    ...(opts.folder?.length ? [named([...new Set(opts.folder)], 'folder')] : []),
    ...(opts.doc?.length ? [named([...new Set(opts.doc)], 'document')] : []),
  ];
  return parts.length > 0
    ? `${parts.join(' and ')} in organization ${opts.org}`
    : `organization ${opts.org}`;
}

export const permissions = defineGroup({
  name: 'permissions',
  summary: "Read, grant and revoke users' access to resources",
  examples: [
    'svc permissions get --org acme --user u1 --doc spec',
    'svc permissions grant --org acme --user u1 --doc spec --role viewer --expires 7d',
    'svc permissions revoke --org acme --user u1 --doc spec --yes',
  ],
  commands: [
    defineCommand({
      name: 'get',
      summary: 'Show what access users have to an organization, its folders and documents',
      sends: [{ operation: 'permissions.get' }],
      options: permissionsGetOptions,
      examples: [
        'svc permissions get --org acme --user u1 --doc spec,roadmap',
        "svc permissions get --org acme --user u1,u2 --folder eng --json | jq '.u1.folders'",
      ],
      run: () => import('./get.js'),
    }),
    defineCommand({
      name: 'grant',
      summary: 'Grant a user access to an organization, or to folders or documents in it',
      sends: [{ operation: 'permissions.add' }],
      options: permissionsGrantOptions,
      help: `Without --folder or --doc the grant is on the organization itself. A grant on a
resource the user holds one on already replaces its role and end.`,
      examples: [
        'svc permissions grant --org acme --user u1 --doc spec --role viewer --expires 7d',
        'svc permissions grant --org acme --user u1 --folder eng,design',
        'svc permissions grant --org acme --user u1 --expires 2027-01-31',
      ],
      run: () => import('./grant.js'),
    }),
    defineCommand({
      name: 'revoke',
      summary: "Revoke a user's access to an organization, or to folders or documents (asks first)",
      sends: [{ operation: 'permissions.remove' }],
      options: permissionsRevokeOptions,
      confirm: (opts) => `revoke the access of user ${opts.user} to ${resourcesNamed(opts)}`,
      examples: [
        'svc permissions revoke --org acme --user u1 --doc spec --yes',
        'svc permissions revoke --org acme --user u1 --folder eng,design --json --yes',
      ],
      run: () => import('./revoke.js'),
    }),
  ],
});
