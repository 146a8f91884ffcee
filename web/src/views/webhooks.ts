import { call } from '../api.js';
import { badge, h, json, table, time } from '../dom.js';
import type { WebhookDelivery } from '../types.js';
import type { ViewContext } from './context.js';

const KINDS: Record<string, string> = { succeeded: 'ok', failed: 'bad', stopped: 'bad' };

function attemptsList(delivery: WebhookDelivery): HTMLElement | string {
  if (delivery.attempts.length === 0) return 'none yet';
  return h(
    'ol',
    { class: 'attempts' },
    ...delivery.attempts.map((a) =>
      h(
        'li',
        {},
        `#${a.attempt} ${time(a.at)} — `,
        a.statusCode === null ? (a.error ?? 'no answer') : `HTTP ${a.statusCode}`,
        ` (${a.durationMs} ms)`,
      ),
    ),
  );
}

function resendButton(delivery: WebhookDelivery, ctx: ViewContext): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      'aria-label': `Resend delivery ${delivery.id}`,
      onclick: () =>
        void ctx.act(`Resend delivery ${delivery.id}`, () =>
          call('POST', 'webhooks/resend', { id: delivery.id }),
        ),
    },
    'Resend',
  );
}

/** Each message to each receiver: its attempts, the next retry, the payload, a resend. */
export async function webhooksView(ctx: ViewContext): Promise<HTMLElement> {
  const { deliveries } = await call<{ deliveries: WebhookDelivery[] }>(
    'GET',
    'webhooks/deliveries',
  );
  return table(
    'Webhook deliveries',
    ['Message', 'Event', 'To', 'Status', 'Attempts', 'Next retry', 'Payload', 'Actions'],
    deliveries.map((d) => [
      h('code', {}, d.webhookId),
      d.event,
      [d.kind === 'advanced' ? (d.endpointId ?? '') : 'basic', h('br'), h('code', {}, d.url)],
      badge(d.status, KINDS[d.status] ?? 'warn'),
      attemptsList(d),
      d.nextAttemptAt === null ? '—' : time(d.nextAttemptAt),
      h('details', {}, h('summary', {}, 'payload'), json(d.payload)),
      resendButton(d, ctx),
    ]),
  );
}
