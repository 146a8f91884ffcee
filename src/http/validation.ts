import type * as z from 'zod';

/** `folders[3].folderId: must not be empty; name: Required` */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const path = i.path
        .map((p, n) => (typeof p === 'number' ? `[${p}]` : n === 0 ? String(p) : `.${String(p)}`))
        .join('');
      return path ? `${path}: ${i.message}` : i.message;
    })
    .join('; ')
    .concat(issues.length > 5 ? `; and ${issues.length - 5} more` : '');
}
