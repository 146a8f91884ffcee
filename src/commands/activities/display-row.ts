import type { ResponseOf } from '../../catalogue/operations.js';

type Activity = ResponseOf<'activities.get'>[number];

/**
 * An activity log as the table shows it: its time in ISO form, to the second. A time that is
 * no date (not a number, or out of range) is shown as the service sent it.
 */
export function displayRow(item: Record<string, unknown>): Record<string, unknown> {
  const { timestamp } = item as Partial<Activity>;
  const time = typeof timestamp === 'number' ? new Date(timestamp) : undefined;
  if (!time || Number.isNaN(time.getTime())) return item;
  return { ...item, timestamp: time.toISOString().replace(/\.\d{3}Z$/, 'Z') };
}
