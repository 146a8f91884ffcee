import { activityHandlers } from './activities.js';
import { aiHandlers } from './ai.js';
import { crdtHandlers } from './crdt.js';
import { documentHandlers } from './documents.js';
import { emailConfigHandlers } from './email-config.js';
import { folderHandlers } from './folders.js';
import { groupHandlers } from './groups.js';
import { liveStateHandlers } from './livestate.js';
import { migrationHandlers } from './migrations.js';
import { notificationConfigHandlers } from './notification-config.js';
import { notificationHandlers } from './notifications.js';
import { organizationHandlers } from './organizations.js';
import { permissionHandlers } from './permissions.js';
import { presenceHandlers } from './presence.js';
import { recordingHandlers } from './recordings.js';
import { serviceConfigHandlers } from './service-configs.js';
import type { HandlerDeps, HandlerTable } from './types.js';
import { userDataHandlers } from './user-data.js';
import { userExportHandlers } from './user-export.js';
import { userHandlers } from './users.js';
import { webhookConfigHandlers } from './webhook-config.js';
import { workspaceHandlers } from './workspace.js';

/** The handler of every operation, from the module of its resource. */
export function createHandlers(deps: HandlerDeps): HandlerTable {
  return {
    ...workspaceHandlers(deps),
    ...emailConfigHandlers(deps),
    ...permissionHandlers(deps),
    ...folderHandlers(deps),
    ...documentHandlers(deps),
    ...organizationHandlers(deps),
    ...groupHandlers(deps),
    ...userHandlers(deps),
    ...migrationHandlers(deps),
    ...userDataHandlers(deps),
    ...userExportHandlers(deps),
    ...activityHandlers(deps),
    ...presenceHandlers(deps),
    ...liveStateHandlers(deps),
    ...crdtHandlers(deps),
    ...notificationHandlers(deps),
    ...notificationConfigHandlers(deps),
    ...aiHandlers(deps),
    ...webhookConfigHandlers(deps),
    // Recordings (140) and the key-level service configurations (150 to 157).
    ...recordingHandlers(deps),
    ...serviceConfigHandlers(deps),
  };
}
