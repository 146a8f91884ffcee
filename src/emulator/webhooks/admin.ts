import type { CredentialHeaders } from '../../config/header-prefix.js';
import * as z from 'zod';
import { webhookEventNames } from '../../catalogue/webhook-events.js';
import { authenticate, type KeyAuth } from '../auth.js';
import { maskUrlPasswords } from '../../text/url-passwords.js';
import { EmulatorError } from '../errors.js';
import { type AdminRoutes, ok, readJsonAs } from '../http.js';
import type { Store } from '../store/store.js';
import type { AttemptRecord, DeliveryRecord, DeliveryStatus } from '../store/webhook-deliveries.js';
import type { WebhookEngine } from './engine.js';
import { sampleData } from './payloads.js';

/** The most deliveries one listing shows. */
const MAX_LISTED = 500;

const advanceRequest = z.strictObject({
  ms: z
    .number()
    .int()
    .min(0)
    .max(365 * 24 * 3_600_000),
});
const resendRequest = z.strictObject({ id: z.string().min(1) });
const triggerRequest = z.strictObject({
  event: z.enum(webhookEventNames),
  organizationId: z.string().min(1).max(128).optional(),
  documentId: z.string().min(1).max(128).optional(),
});

/** A webhook delivery as the admin calls and the web UI show it, with its attempts. */
export interface WebhookDelivery {
  /** `dlv_…`: one receiver's copy of one message. */
  id: string;
  /** The message's id (`msg_…`): the `webhook-id` header, the same on every retry and receiver. */
  webhookId: string;
  workspaceId: string;
  kind: 'basic' | 'advanced';
  /** The advanced endpoint it goes to; null for the basic URL. */
  endpointId: string | null;
  /** Where it is posted, any password in it masked. */
  url: string;
  event: string;
  status: DeliveryStatus;
  /** Each attempt so far, first to last. */
  attempts: AttemptRecord[];
  /** On the webhook clock (epoch milliseconds); null once nothing more is planned. */
  nextAttemptAt: number | null;
  createdAt: number;
  /** The body sent, parsed when it is JSON (the V2 envelope, the V1 payload), else as text. */
  payload: unknown;
}

/** What `POST /_emulator/webhooks/trigger` answers. */
export interface TriggeredWebhook {
  /** The message's id (`msg_…`), which every delivery of it carries. */
  webhookId: string;
  event: string;
  /** How many receivers it went to. */
  deliveries: number;
}

/** What `POST /_emulator/webhooks/advance` answers: the clock's time and its next plan. */
export interface WebhookClockAdvance {
  now: number;
  nextPlanned: number | null;
}

/** A delivery as the admin calls and the web UI show it, with its attempts. */
export function deliveryView(store: Store, delivery: DeliveryRecord): WebhookDelivery {
  let payload: unknown = delivery.body;
  try {
    payload = JSON.parse(delivery.body);
  } catch {
    // shown as the text sent
  }
  return {
    id: delivery.id,
    webhookId: delivery.webhookId,
    workspaceId: delivery.scope.workspaceId,
    kind: delivery.kind,
    endpointId: delivery.endpointId,
    url: maskUrlPasswords(delivery.url),
    event: delivery.event,
    status: delivery.status,
    attempts: store.webhookDeliveries.attempts(delivery.id),
    nextAttemptAt: delivery.nextAttemptAt,
    createdAt: delivery.createdAt,
    payload,
  };
}

/** The admin routes under `/_emulator/webhooks` (docs/webhooks.md). */
export const webhookRoutes: AdminRoutes<{
  store: Store;
  webhooks: WebhookEngine;
  headerNames: CredentialHeaders;
}> = {
  'webhooks/deliveries': {
    method: 'GET',
    route: (_req, query, { store }) => {
      const limit = Math.min(MAX_LISTED, Number(query.get('limit') ?? 100) || 100);
      const workspaceId = query.get('workspaceId') ?? undefined;
      const webhookId = query.get('webhookId');
      const found = webhookId
        ? store.webhookDeliveries.byWebhookId(webhookId)
        : store.webhookDeliveries.recent(limit, workspaceId);
      return ok({ deliveries: found.map((d) => deliveryView(store, d)) });
    },
  },
  'webhooks/advance': {
    method: 'POST',
    route: async (req, _query, { webhooks }) => {
      const { ms } = await readJsonAs(req, advanceRequest);
      if (webhooks.clock.mode !== 'manual') {
        throw new EmulatorError(
          'FAILED_PRECONDITION',
          'The webhook clock moves by itself: start the emulator with --job-delay manual to advance it by hand.',
        );
      }
      const now = await webhooks.clock.advance(ms);
      const answer: WebhookClockAdvance = {
        now,
        nextPlanned: webhooks.clock.nextPlanned() ?? null,
      };
      return ok(answer);
    },
  },
  'webhooks/resend': {
    method: 'POST',
    route: async (req, _query, { store, webhooks }) => {
      const { id } = await readJsonAs(req, resendRequest);
      const delivery = await webhooks.resend(id);
      if (!delivery) throw new EmulatorError('NOT_FOUND', `Delivery ${id} not found.`);
      return ok({ delivery: deliveryView(store, delivery) });
    },
  },
  // Key-level credentials say whose receivers get the sample, as an operation's would.
  'webhooks/trigger': {
    method: 'POST',
    route: async (req, _query, { store, webhooks, headerNames }) => {
      const auth = authenticate('key', req.headers, store, headerNames) as KeyAuth;
      const { event, organizationId, documentId } = await readJsonAs(req, triggerRequest);
      const scope = { workspaceId: auth.workspace.id, apiKeyId: auth.apiKey.id };
      const data = sampleData(
        event,
        {
          apiKey: auth.apiKey.id,
          organizationId: organizationId ?? 'sample-org',
          documentId: documentId ?? 'sample-doc',
        },
        webhooks.clock.now(),
      );
      const webhookId = webhooks.emit(scope, event, data);
      const answer: TriggeredWebhook = {
        webhookId,
        event,
        deliveries: store.webhookDeliveries.byWebhookId(webhookId).length,
      };
      return ok(answer);
    },
  },
};
