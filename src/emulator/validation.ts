import type * as z from 'zod';
import { formatJsonPath } from '../catalogue/limits.js';
import { EmulatorError } from './errors.js';

const MAX_LISTED_ISSUES = 5;

/**
 * Zod's issues as one message that names each offending field, e.g. `data.ownerEmail: …`;
 * `root` names what the paths start from, `lead` what was invalid.
 */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  { root = 'data', lead = 'Invalid request' }: { root?: string; lead?: string } = {},
): string {
  const listed = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((i) => `${formatJsonPath(root, i.path)}: ${i.message}`);
  const more = issues.length - listed.length;
  return `${lead}: ${listed.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/** `data` checked against an operation's request schema, or INVALID_ARGUMENT. */
export function validateData<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new EmulatorError('INVALID_ARGUMENT', describeIssues(parsed.error.issues));
  return parsed.data;
}
