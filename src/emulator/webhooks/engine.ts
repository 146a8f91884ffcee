import type { Agent } from 'undici';
import { defaultTriggers, webhookEvent } from '../../catalogue/webhook-events.js';
import { newId } from '../ids.js';
import type { SecretBox } from '../secrets.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import type { AttemptRecord, DeliveryRecord } from '../store/webhook-deliveries.js';
import { wireBody } from './body.js';
import type { Cancel, WebhookClock } from './clock.js';
import type { WebhookHosts } from './hosts.js';
import { type EventData, exhaustedData, v1Payload, v2Envelope } from './payloads.js';
import { RETRY_SCHEDULE_MS } from './schedule.js';
import { signatureHeader } from './signing.js';

/** An endpoint whose every attempt has failed this long is switched off. */
export const DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** `crdt.update_data` waits for this long a pause in an editor's changes. */
export const CRDT_DEBOUNCE_MS = 5_000;
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;
/** The longest an attempt may wait for an answer, whatever the emulator was started with. */
export const MAX_WEBHOOK_TIMEOUT_MS = 60_000;
/**
 * Attempts in flight at once, over every endpoint; the rest wait their turn. It bounds the
 * sockets, descriptors and memory that receivers that never answer can hold.
 */
export const MAX_IN_FLIGHT = 16;
/** How many messages the engine remembers having sent `message.attempt.exhausted` for. */
const EXHAUSTED_REMEMBERED = 10_000;
const EXHAUSTED = 'message.attempt.exhausted';

export interface WebhookEngineDeps {
  store: Store;
  secrets: SecretBox;
  clock: WebhookClock;
  hosts: WebhookHosts;
  /** How long a receiver may take to answer; 15 s as the service gives. */
  timeoutMs: number;
  onInternalError?: ((error: unknown) => void) | undefined;
}

interface Outcome {
  statusCode: number | null;
  error: string | null;
}

/**
 * Sends the webhooks of what happens in the emulator: one delivery per message and
 * receiver, stored with the exact body, attempted on the webhook clock with the service's
 * retry schedule. Timers decide only when; the state is in the store.
 */
export class WebhookEngine {
  private readonly planned = new Map<string, Cancel>();
  private readonly debounced = new Map<string, Cancel>();
  /** When each endpoint's recent attempts started, for its rate limit. */
  private readonly recent = new Map<string, number[]>();
  /**
   * Made with the first delivery: most emulators send none, and loading undici was about
   * 25 ms of every emulator's start.
   */
  private agent: Promise<Agent> | undefined;
  private closed = false;
  /** Attempts being sent now, and those waiting for one of them to end. */
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /**
   * Messages whose exhaustion was announced: one `message.attempt.exhausted` per message,
   * however many of its deliveries ran out of attempts.
   */
  private readonly exhaustedMessages = new Set<string>();

  constructor(private readonly deps: WebhookEngineDeps) {}

  get clock(): WebhookClock {
    return this.deps.clock;
  }

  /**
   * Sends `event` with `data` to every receiver of the scope that takes it: each enabled
   * advanced endpoint whose filter has it, and the basic URL when its trigger is on. The
   * message id, the same for every receiver.
   */
  emit(scope: Scope, name: string, data: EventData): string {
    const event = webhookEvent(name);
    const webhookId = `msg_${newId()}`;
    if (!event || this.closed) return webhookId;
    const { store } = this.deps;
    const at = this.deps.clock.now();
    const created: DeliveryRecord[] = [];
    store.transaction(() => {
      const advanced = store.webhooks.advanced(scope);
      if (advanced?.isEnabled) {
        const body = wireBody(v2Envelope(event, webhookId, data), advanced);
        for (const { endpoint } of store.webhooks.endpoints(scope)) {
          if (endpoint.disabled) continue;
          if (endpoint.filterTypes !== null && !endpoint.filterTypes.includes(name)) continue;
          created.push(
            store.webhookDeliveries.insert({
              id: `dlv_${newId()}`,
              scope,
              webhookId,
              kind: 'advanced',
              endpointId: endpoint.id,
              url: endpoint.url,
              event: name,
              body,
              createdAt: at,
            }),
          );
        }
      }
      const basic = store.webhooks.basic(scope);
      const payload = v1Payload(event, webhookId, data);
      const triggers = basic?.triggers ?? defaultTriggers();
      if (basic?.useWebhookService && basic.rawNotificationUrl && payload && triggers[name]) {
        created.push(
          store.webhookDeliveries.insert({
            id: `dlv_${newId()}`,
            scope,
            webhookId,
            kind: 'basic',
            endpointId: null,
            url: basic.rawNotificationUrl,
            event: name,
            body: wireBody(payload, basic),
            createdAt: at,
          }),
        );
      }
    });
    for (const delivery of created) this.plan(delivery.id, 0);
    return webhookId;
  }

  /** Emits what `build` makes once `key` has had no new call for the debounce time. */
  debounce(key: string, scope: Scope, name: string, build: () => EventData): void {
    this.debounced.get(key)?.();
    const cancel = this.deps.clock.after(CRDT_DEBOUNCE_MS, async () => {
      this.debounced.delete(key);
      this.emit(scope, name, build());
    });
    this.debounced.set(key, cancel);
  }

  /**
   * Sends a delivery once more, by hand (the console's resend): same body and webhook id,
   * one attempt outside the schedule, planned retries left as they are.
   */
  async resend(id: string): Promise<DeliveryRecord | undefined> {
    const delivery = this.deps.store.webhookDeliveries.find(id);
    if (!delivery) return undefined;
    await this.inTurn(() => this.attempt(id, true));
    return this.deps.store.webhookDeliveries.find(id);
  }

  /** Deliveries an earlier run left pending continue on this run's clock. */
  resume(): void {
    const now = this.deps.clock.now();
    for (const delivery of this.deps.store.webhookDeliveries.pending()) {
      this.plan(delivery.id, Math.max(0, (delivery.nextAttemptAt ?? now) - now));
    }
  }

  close(): Promise<void> {
    this.closed = true;
    for (const cancel of [...this.planned.values(), ...this.debounced.values()]) cancel();
    this.planned.clear();
    this.debounced.clear();
    for (const wake of this.waiting.splice(0)) wake();
    return this.agent?.then((agent) => agent.destroy()) ?? Promise.resolve();
  }

  private sender(): Promise<Agent> {
    this.agent ??= import('undici').then(
      ({ Agent }) =>
        new Agent({
          connect: { timeout: 10_000 },
          // No more sockets to one receiver than attempts may be in flight, and idle ones
          // closed soon: a receiver that never answers cannot collect descriptors.
          connections: MAX_IN_FLIGHT,
          keepAliveTimeout: 4_000,
        }),
    );
    return this.agent;
  }

  private plan(id: string, delayMs: number): void {
    this.planned.get(id)?.();
    const cancel = this.deps.clock.after(delayMs, async () => {
      this.planned.delete(id);
      await this.inTurn(() => this.attempt(id, false));
    });
    this.planned.set(id, cancel);
  }

  /** Milliseconds until the endpoint may take another message; 0 when it may now. */
  private throttle(endpointId: string, perSecond: number, now: number): number {
    const times = (this.recent.get(endpointId) ?? []).filter((t) => t > now - 1000);
    this.recent.set(endpointId, times);
    if (times.length < perSecond) {
      times.push(now);
      return 0;
    }
    return Math.max(1, (times[0] ?? now) + 1000 - now);
  }

  private async attempt(id: string, byHand: boolean): Promise<void> {
    const { store, clock } = this.deps;
    const delivery = store.webhookDeliveries.find(id);
    if (!delivery || this.closed) return;
    if (!byHand && delivery.status !== 'pending') return;
    let url = delivery.url;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'svc-emulator-webhooks',
    };
    const at = clock.now();
    if (delivery.kind === 'advanced') {
      const record = delivery.endpointId
        ? store.webhooks.endpointById(delivery.endpointId)
        : undefined;
      // A removed or switched-off endpoint gets no more attempts.
      if (!record || record.endpoint.disabled) {
        store.webhookDeliveries.setProgress(id, {
          ...delivery,
          status: 'stopped',
          nextAttemptAt: null,
        });
        return;
      }
      const { rateLimit } = record.endpoint;
      const wait = rateLimit === null ? 0 : this.throttle(record.endpoint.id, rateLimit, at);
      if (wait > 0) {
        // Throttled, not dropped: tried again once the endpoint's second has room.
        store.webhookDeliveries.setProgress(id, { ...delivery, nextAttemptAt: at + wait });
        this.plan(id, wait);
        return;
      }
      url = record.endpoint.url;
      const timestamp = Math.floor(at / 1000);
      headers['webhook-id'] = delivery.webhookId;
      headers['webhook-timestamp'] = String(timestamp);
      headers['webhook-signature'] = signatureHeader(
        this.deps.secrets.open(record.sealedSecret),
        delivery.webhookId,
        timestamp,
        delivery.body,
      );
    } else {
      const basic = store.webhooks.basic(delivery.scope);
      if (basic?.sealedAuthToken !== undefined) {
        headers.authorization = `Basic ${this.deps.secrets.open(basic.sealedAuthToken)}`;
      }
    }
    const started = Date.now();
    const outcome = this.deps.hosts.allows(url)
      ? await this.post(url, headers, delivery.body)
      : { statusCode: null, error: this.deps.hosts.refusal(url) };
    if (this.closed) return;
    const attempt: AttemptRecord = {
      attempt: delivery.attempts + 1,
      at,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: Date.now() - started,
    };
    const ok =
      outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode <= 299;
    this.record(delivery, attempt, ok, byHand);
  }

  /** Stores the attempt and what follows it: success, the next try, or exhaustion. */
  private record(
    delivery: DeliveryRecord,
    attempt: AttemptRecord,
    ok: boolean,
    byHand: boolean,
  ): void {
    const { store, clock } = this.deps;
    const now = clock.now();
    let exhausted = false;
    let retryIn: number | undefined;
    store.transaction(() => {
      const current = store.webhookDeliveries.find(delivery.id) ?? delivery;
      store.webhookDeliveries.addAttempt(delivery.id, attempt);
      const attempts = current.attempts + 1;
      const endpoint = delivery.endpointId
        ? store.webhooks.endpointById(delivery.endpointId)
        : undefined;
      if (ok) {
        store.webhookDeliveries.setProgress(delivery.id, {
          status: 'succeeded',
          attempts,
          nextAttemptAt: null,
        });
        if (endpoint) store.webhooks.setFailingSince(endpoint.endpoint.id, null);
        return;
      }
      if (endpoint) {
        const since = endpoint.failingSince ?? attempt.at;
        if (endpoint.failingSince === null)
          store.webhooks.setFailingSince(endpoint.endpoint.id, since);
        if (now - since >= DISABLE_AFTER_MS && !endpoint.endpoint.disabled) {
          store.webhooks.putEndpoint(
            { ...endpoint.endpoint, disabled: true, updatedAt: new Date(now).toISOString() },
            now,
          );
        }
      }
      // A resend by hand leaves the schedule of a pending delivery as it was.
      if (byHand && current.status !== 'pending') {
        store.webhookDeliveries.setProgress(delivery.id, { ...current, attempts });
        return;
      }
      const delay = RETRY_SCHEDULE_MS[attempts];
      if (delay === undefined) {
        store.webhookDeliveries.setProgress(delivery.id, {
          status: 'failed',
          attempts,
          nextAttemptAt: null,
        });
        exhausted =
          delivery.kind === 'advanced' &&
          delivery.event !== EXHAUSTED &&
          this.firstExhaustion(delivery.webhookId);
        return;
      }
      if (byHand) {
        store.webhookDeliveries.setProgress(delivery.id, { ...current, attempts });
        return;
      }
      store.webhookDeliveries.setProgress(delivery.id, {
        status: 'pending',
        attempts,
        nextAttemptAt: now + delay,
      });
      retryIn = delay;
    });
    if (retryIn !== undefined) this.plan(delivery.id, retryIn);
    if (exhausted) {
      this.emit(
        delivery.scope,
        EXHAUSTED,
        exhaustedData(delivery.endpointId ?? '', delivery.webhookId, delivery.event, attempt),
      );
    }
  }

  /** Whether this is the first delivery of the message to run out of attempts. */
  private firstExhaustion(webhookId: string): boolean {
    if (this.exhaustedMessages.has(webhookId)) return false;
    if (this.exhaustedMessages.size >= EXHAUSTED_REMEMBERED) {
      const oldest = this.exhaustedMessages.values().next().value;
      if (oldest !== undefined) this.exhaustedMessages.delete(oldest);
    }
    this.exhaustedMessages.add(webhookId);
    return true;
  }

  /**
   * Runs an attempt once fewer than MAX_IN_FLIGHT are being made. It waits before it reads
   * its delivery, so what it sends (the timestamp, the signature) is of when it is sent.
   */
  private async inTurn(attempt: () => Promise<void>): Promise<void> {
    while (this.inFlight >= MAX_IN_FLIGHT) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (this.closed) return;
    }
    this.inFlight += 1;
    try {
      await attempt();
    } finally {
      this.inFlight -= 1;
      this.waiting.shift()?.();
    }
  }

  private async post(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
    const signal = AbortSignal.timeout(Math.min(this.deps.timeoutMs, MAX_WEBHOOK_TIMEOUT_MS));
    try {
      const target = new URL(url);
      const agent = await this.sender();
      const res = await agent.request({
        origin: target.origin,
        path: target.pathname + target.search,
        method: 'POST',
        headers: target.username
          ? {
              ...headers,
              authorization:
                headers.authorization ??
                `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`,
            }
          : headers,
        body,
        signal,
      });
      // The answer's body is read and dropped: only its status counts.
      await res.body.dump();
      return { statusCode: res.statusCode, error: null };
    } catch (err) {
      if (signal.aborted) {
        return { statusCode: null, error: `no answer within ${this.deps.timeoutMs} ms` };
      }
      const code = (err as { code?: unknown }).code;
      return { statusCode: null, error: typeof code === 'string' ? code : 'network error' };
    }
  }
}
