import type { AnyCommand, GroupDeclaration } from '../cli/declare/command.js';
import { activities } from './activities/index.js';
import { ai } from './ai/index.js';
import { api } from './api/index.js';
import { auth } from './auth/index.js';
import { completeValues, completion } from './completion/index.js';
import { crdt } from './crdt/index.js';
import { docs } from './docs/index.js';
import { emulator } from './emulator/index.js';
import { folders } from './folders/index.js';
import { groups } from './groups/index.js';
import { help } from './help/index.js';
import { livestate } from './livestate/index.js';
import { mcp } from './mcp/index.js';
import { notifications } from './notifications/index.js';
import { openapi } from './openapi/index.js';
import { orgs } from './orgs/index.js';
import { permissions } from './permissions/index.js';
import { presence } from './presence/index.js';
import { profile } from './profile/index.js';
import { recordings } from './recordings/index.js';
import { schema } from './schema/index.js';
import { users } from './users/index.js';
import { version } from './version/index.js';
import { webhooks } from './webhooks/index.js';
import { workspace } from './workspace/index.js';

/** The API groups first, in the order help lists them; then the commands of svc itself. */
export const svcCommands: readonly (GroupDeclaration | AnyCommand)[] = [
  workspace,
  permissions,
  folders,
  docs,
  orgs,
  groups,
  users,
  activities,
  presence,
  livestate,
  crdt,
  recordings,
  notifications,
  ai,
  webhooks,
  auth,
  profile,
  api,
  emulator,
  mcp,
  completion,
  completeValues,
  schema,
  openapi,
  version,
  help,
];
