import type { ResponseOf } from '../../catalogue/operations.js';
import { fillHeadline } from './headline.js';

type Notification = ResponseOf<'notifications.get'>[number];

/** A notification with what the table shows: its time and its filled-in headline. */
export function displayRow(item: Record<string, unknown>): Record<string, unknown> {
  const n = item as Notification;
  return {
    ...n,
    time: new Date(n.timestamp).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    headline: fillHeadline(
      n.displayHeadlineMessageTemplate ?? '',
      n.displayHeadlineMessageTemplateData,
      n.actionUser,
    ),
  };
}
