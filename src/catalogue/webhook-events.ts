/**
 * The events the service sends to webhooks (docs/webhooks.md), declared once: the config
 * operations check trigger and filter names against this list, the emulator delivers and
 * triggers them, and help names them. Apart from the zod models so that command
 * definitions can read it without loading zod.
 */

/** What caused an event: the V1 `notificationSource` and the V2 `source`. */
export type WebhookSource = 'comment' | 'huddle' | 'crdt' | 'recorder' | 'workflow' | 'system';

export interface WebhookEvent {
  /** The V2 `event` value, e.g. `comment.add`; also the key of a V1 trigger. */
  name: string;
  source: WebhookSource;
  /** The V2 `actionType`: the part after the dot, camel-cased where the docs show it so. */
  actionType: string;
  /** The V1 `actionType`, where basic webhooks carry the event. */
  v1ActionType?: string;
  /** Off until a trigger switches it on (the first-enable defaults of the basic config). */
  offByDefault?: boolean;
}

const comment = (name: string, v1ActionType: string, offByDefault?: boolean): WebhookEvent => ({
  name,
  source: 'comment',
  actionType: name.split('.')[1] ?? name,
  v1ActionType,
  ...(offByDefault && { offByDefault }),
});

const workflow = (name: string): WebhookEvent => ({
  name,
  source: 'workflow',
  actionType: name.split('.')[1] ?? name,
});

export const webhookEvents: readonly WebhookEvent[] = [
  comment('comment_annotation.add', 'newlyAdded'),
  comment('comment_annotation.assign', 'assigned'),
  comment('comment_annotation.status_change', 'statusChanged'),
  comment('comment_annotation.priority_change', 'priorityChanged'),
  comment('comment_annotation.custom_list_change', 'customListChanged'),
  comment('comment_annotation.subscribe', 'subscribed'),
  comment('comment_annotation.unsubscribe', 'unsubscribed'),
  comment('comment_annotation.accept', 'accepted'),
  comment('comment_annotation.reject', 'rejected'),
  comment('comment_annotation.approve', 'approved'),
  comment('comment_annotation.suggestion_accept', 'suggestionAccepted', true),
  comment('comment_annotation.suggestion_reject', 'suggestionRejected', true),
  comment('comment.add', 'added'),
  comment('comment.update', 'updated'),
  comment('comment.delete', 'deleted'),
  comment('comment.reaction_add', 'reactionAdded'),
  comment('comment.reaction_delete', 'reactionDeleted'),
  { name: 'huddle.create', source: 'huddle', actionType: 'create', v1ActionType: 'created' },
  { name: 'huddle.join', source: 'huddle', actionType: 'join', v1ActionType: 'joined' },
  {
    name: 'crdt.update_data',
    source: 'crdt',
    actionType: 'updateData',
    v1ActionType: 'updateData',
    offByDefault: true,
  },
  { name: 'recorder.done', source: 'recorder', actionType: 'done', v1ActionType: 'done' },
  workflow('execution.dispatched'),
  workflow('execution.completed'),
  workflow('execution.failed'),
  workflow('execution.cancelled'),
  workflow('step.awaiting-approval'),
  workflow('step.completed'),
  workflow('step.failed'),
  workflow('step.breached'),
  workflow('step.cancelled'),
  workflow('group.quorum-met'),
  workflow('loop.iteration-started'),
  workflow('loop.exhausted'),
  { name: 'message.attempt.exhausted', source: 'system', actionType: 'exhausted' },
];

export const webhookEventNames = webhookEvents.map((event) => event.name) as unknown as [
  string,
  ...string[],
];

/** The event of this name, if the catalogue has one. */
export function webhookEvent(name: string): WebhookEvent | undefined {
  return webhookEvents.find((event) => event.name === name);
}

/** Keys a basic config's `triggers` may hold: the events basic webhooks carry, and one flag. */
export const triggerKeys = [
  ...webhookEvents.filter((event) => event.v1ActionType !== undefined).map((e) => e.name),
  'enableDataProtection',
] as unknown as [string, ...string[]];

/**
 * The triggers written the first time the basic service is switched on with none stored:
 * comment events on (the opt-in suggestion ones off), huddle on, CRDT and recorder off,
 * data protection off (docs/webhooks.md).
 */
export function defaultTriggers(): Record<string, boolean> {
  const triggers: Record<string, boolean> = {};
  for (const event of webhookEvents) {
    if (event.v1ActionType === undefined) continue;
    triggers[event.name] =
      (event.source === 'comment' && event.offByDefault !== true) || event.source === 'huddle';
  }
  triggers.enableDataProtection = false;
  return triggers;
}
