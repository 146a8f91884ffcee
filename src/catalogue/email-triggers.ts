/**
 * The occurrences that can send an email (spec, Events). Apart from the zod models so that
 * command definitions can name them in help without loading zod.
 */
export const emailTriggerNames = [
  'comment_annotation.add',
  'comment.add',
  'comment_annotation.status_change',
  'comment_annotation.assign',
  'comment_annotation.priority_change',
] as const;

export type EmailTrigger = (typeof emailTriggerNames)[number];
