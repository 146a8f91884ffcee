import * as z from 'zod';
import { HEADER_PREFIX_MOST, HEADER_PREFIX_PATTERN } from './header-prefix.js';

/**
 * The shape of `config.json`. In a module of its own, imported with `import()` where a file
 * is read: `await import('zod')` would make the module object itself a value, and the
 * bundle would then keep every export of zod, its 366 KB of locales included, in the chunk
 * every command that checks anything loads.
 */
const secretOrId = z.string().min(1);

const profile = z.strictObject({
  baseUrl: z.string().min(1).optional(),
  workspaceId: secretOrId.optional(),
  workspaceToken: secretOrId.optional(),
  apiKey: secretOrId.optional(),
  authToken: secretOrId.optional(),
  keyring: z
    .string()
    .regex(/^svc-[A-Za-z0-9_-]{12,64}$/)
    .optional(),
  createdWorkspace: z.literal(true).optional(),
  /** The deployment's credential header prefix, where it is not the contract's `x-service`. */
  headerPrefix: z.string().max(HEADER_PREFIX_MOST).regex(HEADER_PREFIX_PATTERN).optional(),
});

export const configSchema = z.strictObject({
  activeProfile: z.string().optional(),
  profiles: z.record(z.string(), profile).default({}),
});
