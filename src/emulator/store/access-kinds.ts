import type * as z from 'zod';
import type { accessRole, accessType } from '../../catalogue/models.js';

/** Who may reach a resource: `public`, `organizationPrivate` or `restricted`. */
export type AccessType = z.infer<typeof accessType>;
/** What a granted user may do: `editor` or `viewer`. */
export type AccessRole = z.infer<typeof accessRole>;
