import { defineGroup } from '../../cli/declare/command.js';
import { bulkCommand } from '../../cli/declare/bulk.js';
import { opt } from '../../cli/declare/options.js';
import { docOption, orgOption } from '../common-options.js';

/** A presence entry from flags or a file's columns: what adding and changing one share. */
const presenceEntry = {
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
} as const;

const presenceAdd = bulkCommand({
  name: 'add',
  summary: "Add users to a document's presence list: one from flags, or many from a file",
  operation: 'presence.add',
  ...presenceEntry,
  // The service answers `{success}` once per request.
  batchAnswer: true,
  examples: [
    'svc presence add --org acme --doc spec --user u1 --name Ana --status online',
    'svc presence add --org acme --doc spec --file people.csv   # columns: userId,name,email,status',
  ],
});

const presenceUpdate = bulkCommand({
  name: 'update',
  summary: "Change users' presence entries (status, name, email): from flags, or a file",
  operation: 'presence.update',
  ...presenceEntry,
  batchAnswer: true,
  examples: [
    'svc presence update --org acme --doc spec --user u1 --status away',
    'svc presence update --org acme --doc spec --file statuses.csv   # columns: userId,status',
  ],
});

const presenceRemove = bulkCommand({
  name: 'remove',
  summary: "Take users off a document's presence list",
  operation: 'presence.remove',
  options: {
    org: orgOption.required(),
    doc: docOption.required(),
    user: opt.ids('--user <id...>', 'user id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org', documentId: 'doc' },
  item: { ids: 'user', column: 'userId' },
  itemFlags: '--user',
  batchAnswer: true,
  examples: [
    'svc presence remove --org acme --doc spec --user u1,u2',
    'svc presence remove --org acme --doc spec --file gone.csv   # column: userId',
  ],
});

export const presence = defineGroup({
  name: 'presence',
  summary: 'Set who is present in a document, and how',
  examples: [
    'svc presence add --org acme --doc spec --user u1 --status online',
    'svc presence add --org acme --doc spec --file people.csv',
  ],
  commands: [presenceAdd, presenceUpdate, presenceRemove],
});
