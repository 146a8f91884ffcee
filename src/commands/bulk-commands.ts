import type { ConfirmSubject } from '../catalogue/destructive.js';
import { type BulkRow, bulkCommand } from '../cli/declare/bulk.js';
import type { HandlerOptions } from '../cli/declare/command.js';
import { opt, type OptionRecord } from '../cli/declare/options.js';
import { count } from '../io/plural.js';
import { docOption, orgOption } from './common-options.js';

/**
 * The bulk commands, one row each: the operation, the flags that say where items go and
 * describe one item, and how the service answers. Each takes `--file` for many items, and
 * every row runs through one runner (`runBulkRow`).
 */

type Toggle = 'disable' | 'enable';

/**
 * A `disable` and `enable` pair: one operation, split by the state each sets. The rest of
 * the row is shared; only the words differ by verb.
 */
interface AccessToggles<O extends OptionRecord> extends Omit<
  BulkRow<O>,
  'name' | 'summary' | 'examples' | 'fixed' | 'confirm'
> {
  summary: Readonly<Record<Toggle, string>>;
  examples: Readonly<Record<Toggle, readonly string[]>>;
  /** What switching off `n` items asks. */
  confirm: (opts: HandlerOptions<O>, n: number) => string;
}

function accessToggles<const O extends OptionRecord>(spec: AccessToggles<O>) {
  const { summary, examples, confirm, ...row } = spec;
  const toggle = (verb: Toggle) => {
    const disabled = verb === 'disable';
    return bulkCommand<O>({
      ...row,
      name: verb,
      summary: summary[verb],
      examples: examples[verb],
      fixed: { disabled },
      // Enabling only restores access, so only switching it off is confirmed.
      ...(disabled && {
        confirm: (opts: HandlerOptions<O>, { count: n = 0 }: ConfirmSubject) => confirm(opts, n),
      }),
    });
  };
  return { disable: toggle('disable'), enable: toggle('enable') };
}

export const { disable: docsDisable, enable: docsEnable } = accessToggles({
  operation: 'documents.setDisabled',
  summary: {
    disable: 'Switch off all access to documents (asks first)',
    enable: 'Switch access to documents back on',
  },
  options: {
    org: orgOption.required(),
    doc: opt.ids('--doc <id...>', 'document id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org' },
  item: { ids: 'doc', column: 'documentId' },
  itemFlags: '--doc',
  confirm: (opts, n) =>
    `switch off all access to ${count(n, 'document')} in organization ${opts.org}`,
  examples: {
    disable: [
      'svc docs disable --org acme --doc spec,roadmap --yes',
      'svc docs disable --org acme --file doc-ids.json --yes --json',
    ],
    enable: [
      'svc docs enable --org acme --doc spec,roadmap',
      'svc docs enable --org acme --file doc-ids.json',
    ],
  },
});

export const { disable: orgsDisable, enable: orgsEnable } = accessToggles({
  operation: 'organizations.setDisabled',
  summary: {
    disable: 'Switch off access to every document of organizations (asks first)',
    enable: 'Switch access to organizations back on',
  },
  options: {
    org: opt.ids('--org <id...>', 'organization id (repeat, or comma-separate)'),
  },
  item: { ids: 'org', column: 'organizationId' },
  itemFlags: '--org',
  confirm: (_opts, n) => `switch off all access to every document of ${count(n, 'organization')}`,
  examples: {
    disable: ['svc orgs disable --org acme --yes', 'svc orgs disable --org acme,globex --json'],
    enable: ['svc orgs enable --org acme', 'svc orgs enable --org acme,globex --json'],
  },
});

export const docsUpdate = bulkCommand({
  name: 'update',
  summary: 'Rename documents: one from flags, or many from a file',
  operation: 'documents.update',
  options: {
    org: orgOption.required(),
    doc: docOption,
    name: opt.text('--name <name>', 'new document name'),
  },
  scope: { organizationId: 'org' },
  item: { fields: { documentId: 'doc', documentName: 'name' } },
  itemFlags: '--doc and --name',
  examples: [
    'svc docs update --org acme --doc spec --name "Product spec"',
    'svc docs update --org acme --file renames.csv   # columns: documentId,documentName',
  ],
});

export const orgsUpdate = bulkCommand({
  name: 'update',
  summary: 'Rename organizations: one from flags, or many from a file',
  operation: 'organizations.update',
  options: {
    org: orgOption,
    name: opt.text('--name <name>', 'new organization name'),
  },
  item: { fields: { organizationId: 'org', organizationName: 'name' } },
  itemFlags: '--org and --name',
  examples: [
    'svc orgs update --org acme --name "Acme Inc."',
    'svc orgs update --file orgs.ndjson --json',
  ],
});

export const foldersAdd = bulkCommand({
  name: 'add',
  summary: 'Add folders: one from flags, or many from a file (parents before children)',
  operation: 'folders.add',
  options: {
    org: orgOption.required(),
    id: opt.id('--id <id>', 'folder id'),
    name: opt.text('--name <name>', 'folder name'),
    // `--parent ''` is refused as an empty id, not taken for the top level.
    parent: opt.id('--parent <id>', 'parent folder id (default: top level)'),
  },
  scope: { organizationId: 'org' },
  item: { fields: { folderId: 'id', folderName: 'name', parentFolderId: 'parent' } },
  itemFlags: '--id and --name',
  // A folder whose parent is in the same input is sent after the parent exists.
  dependsOn: 'parentFolderId',
  examples: [
    'svc folders add --org acme --id eng --name Engineering',
    "svc folders add --org acme --file folders.ndjson --json | jq 'map_values(select(.success|not))'",
    "printf 'folderId,folderName,parentFolderId\\nops,Ops,root\\n' | svc folders add --org acme --file -",
  ],
});

export const groupsAdd = bulkCommand({
  name: 'add',
  summary: 'Add user groups: one from flags, or many from a file',
  operation: 'groups.add',
  options: {
    org: orgOption.required(),
    id: opt.id('--id <id>', 'group id'),
    name: opt.text('--name <name>', 'group name'),
  },
  scope: { organizationId: 'org' },
  item: { fields: { groupId: 'id', groupName: 'name' } },
  itemFlags: '--id and --name',
  examples: [
    'svc groups add --org acme --id eng --name Engineering',
    'svc groups add --org acme --file groups.csv   # columns: groupId,groupName',
  ],
});

export const usersRemove = bulkCommand({
  name: 'remove',
  summary: 'Remove users from an organization, or from one folder or document (asks first)',
  operation: 'users.remove',
  options: {
    org: orgOption.required(),
    doc: opt.id('--doc <id>', 'only from this document').conflicts('folder'),
    folder: opt.id('--folder <id>', 'only from this folder'),
    user: opt.ids('--user <id...>', 'user id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org', documentId: 'doc', folderId: 'folder' },
  item: { ids: 'user', column: 'userId' },
  itemFlags: '--user',
  confirm: (opts, { count: n = 0 }) => {
    const from = opts.doc
      ? `document ${opts.doc}`
      : opts.folder
        ? `folder ${opts.folder}`
        : `organization ${opts.org} (all its documents and its contact list)`;
    return `remove ${count(n, 'user')} from ${from}`;
  },
  examples: [
    'svc users remove --org acme --user u1,u2 --yes',
    'svc users remove --org acme --doc spec --user u1',
    'svc users remove --org acme --file leavers.csv --yes --json   # column: userId',
  ],
});

export const activitiesAdd = bulkCommand({
  name: 'add',
  summary: 'Add activity logs: one from flags, or many from a file',
  operation: 'activities.add',
  options: {
    org: orgOption.required(),
    doc: docOption.required(),
    id: opt.id('--id <id>', 'activity id; writing an existing id overwrites it'),
    featureType: opt.choice('--feature-type <type>', 'the feature that acted', [
      'comment',
      'reaction',
      'recorder',
      'crdt',
      'custom',
    ]),
    actionType: opt.text(
      '--action-type <name>',
      'what happened, e.g. comment.add or a custom name',
    ),
    user: opt.id('--user <id>', 'id of the user who acted'),
    userName: opt.text('--user-name <name>', "the acting user's name"),
    userEmail: opt.text('--user-email <email>', "the acting user's email"),
    target: opt.id('--target <id>', 'target entity id (required for custom)'),
    message: opt.text('--message <template>', 'display message template, e.g. "{{user}} approved"'),
  },
  scope: { organizationId: 'org', documentId: 'doc' },
  item: {
    fields: {
      id: 'id',
      featureType: 'featureType',
      actionType: 'actionType',
      'actionUser.userId': 'user',
      'actionUser.name': 'userName',
      'actionUser.email': 'userEmail',
      targetEntityId: 'target',
      displayMessageTemplate: 'message',
    },
  },
  itemFlags: '--feature-type, --action-type and --user',
  // The service answers once per request, not per activity.
  batchAnswer: true,
  // Activities with ids overwrite themselves when sent twice; others would be duplicated.
  idempotentWhen: (items) => items.every((a) => typeof a.id === 'string'),
  examples: [
    'svc activities add --org acme --doc spec --feature-type custom --action-type approval.granted --user u1 --target ticket-7',
    'svc activities add --org acme --doc spec --file activities.ndjson --json',
    "jq -c '.[]' export.json | svc activities add --org acme --doc spec --file -",
  ],
});

export const presenceAdd = bulkCommand({
  name: 'add',
  summary: "Add users to a document's presence list: one from flags, or many from a file",
  operation: 'presence.add',
  options: {
    org: orgOption.required(),
    doc: docOption.required(),
    user: opt.id('--user <id>', 'user id'),
    name: opt.text('--name <name>', "the user's name"),
    email: opt.text('--email <email>', "the user's email"),
    status: opt.text('--status <status>', 'online, away or offline'),
  },
  scope: { organizationId: 'org', documentId: 'doc' },
  item: { fields: { userId: 'user', name: 'name', email: 'email', status: 'status' } },
  itemFlags: '--user',
  // The service answers `{success}` once per request.
  batchAnswer: true,
  examples: [
    'svc presence add --org acme --doc spec --user u1 --name Ana --status online',
    'svc presence add --org acme --doc spec --file people.csv   # columns: userId,name,email,status',
  ],
});
