import type * as z from 'zod';
import * as s from './resource-schemas.js';

/**
 * The resources' schemas, built, for the modules that use many of them (the emulator,
 * `svc schema`). The catalogue's operations take them from `resource-schemas.ts` one by one.
 */

export type { Folder } from './resource-schemas.js';
export { notificationMessage } from './resource-schemas.js';

export const ids = s.ids();
export const name = s.name();
export const email = s.email();
export const url = s.url();
export const workspace = s.workspace();
export type Workspace = z.infer<typeof workspace>;
export const authTokenEntry = s.authTokenEntry();
export const accessRole = s.accessRole();
export const accessType = s.accessType();
export const permissionEntry = s.permissionEntry();
export const userPermissions = s.userPermissions();
export const folder = s.folder();
export const document = s.document();
export const bulkItemResult = s.bulkItemResult();
export const bulkResult = s.bulkResult();
export const actionUser = s.actionUser();
export const featureType = s.featureType();
export const activity = s.activity();
export const notificationRecipients = s.notificationRecipients();
export const notification = s.notification();
export const notificationLevel = s.notificationLevel();
export const notificationConfig = s.notificationConfig();
export const presenceStatus = s.presenceStatus();
export const presenceUser = s.presenceUser();
export const emailProviderType = s.emailProviderType();
export const emailServiceConfig = s.emailServiceConfig();
export const emailConfig = s.emailConfig();
export const crdtType = s.crdtType();
export const migrationStatus = s.migrationStatus();
export type MigrationStatus = z.infer<typeof migrationStatus>;
export const nonEmptyId = s.nonEmptyId();
