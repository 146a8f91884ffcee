import type * as z from 'zod';
import * as s from './resource-schemas.js';

/**
 * The resource schemas the emulator checks its store with, built once, and the types of
 * the others. The catalogue's operations take them from `resource-schemas.ts` one by one,
 * when first read.
 */

export type { Folder } from './resource-schemas.js';

/** The type of a resource schema, for modules that need only its type, not the schema. */
export type Schema<Name extends keyof typeof s> = ReturnType<(typeof s)[Name]>;
export type Workspace = z.infer<Schema<'workspace'>>;
export { notificationMessage } from './resource-schemas.js';

export const email = s.email();
export const accessRole = s.accessRole();
export const accessType = s.accessType();
export const notificationRecipients = s.notificationRecipients();
export const notificationLevel = s.notificationLevel();
export const crdtType = s.crdtType();
export const migrationStatus = s.migrationStatus();
export type MigrationStatus = z.infer<typeof migrationStatus>;
export const nonEmptyId = s.nonEmptyId();
