import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { requireEmulator } from '../../cli/emulator-hint.js';
import { readBody } from '../../emulator/http.js';
import { RETRY_SCHEDULE_MS } from '../../emulator/webhooks/schedule.js';
import { hasValidSignature } from '../../emulator/webhooks/signing.js';
import { formatDuration } from '../../http/duration.js';
import { TerminatedError } from '../../errors/errors.js';
import { eventNames } from './fields.js';
import type { listenOptions } from './index.js';
const { createServer } = process.getBuiltinModule('node:http');

type Options = HandlerOptions<typeof listenOptions>;

/** Headers of one hop, which the forwarded request sets for itself. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
]);
/** The forwarded request gets as long as the emulator gives a receiver. */
const FORWARD_TIMEOUT_MS = 15_000;

/**
 * The largest delivery the relay reads: a payload carries at most one request's data (1 MiB
 * in the emulator), and Base64 or encryption makes it a third larger.
 */
const MAX_DELIVERY_BYTES = 2 * 1024 * 1024;
/** How long, and for how many deliveries, the relay remembers ids to number attempts. */
const SEEN_WINDOW_MS = 60 * 60 * 1000;
const SEEN_MAX = 10_000;

interface Attempt {
  event: string;
  attempt: number;
  status: number | null;
  error?: string;
  /** When the receiver was not reached: when the emulator tries again, null for never. */
  nextAttemptAt?: string | null;
  webhookId: string;
  time: string;
}

/**
 * The attempts seen of each delivery id, forgotten after a window and past a count, so a
 * long session or a flood of ids cannot grow it without end. A retry after the window is
 * numbered as a first attempt again.
 */
class SeenDeliveries {
  private readonly attempts = new Map<string, { count: number; at: number }>();

  constructor(private readonly now: () => number) {}

  /** Counts one attempt of `id` and returns its number. */
  count(id: string): number {
    const now = this.now();
    for (const [key, seen] of this.attempts) {
      if (now - seen.at < SEEN_WINDOW_MS && this.attempts.size < SEEN_MAX) break;
      this.attempts.delete(key);
    }
    const count = (this.attempts.get(id)?.count ?? 0) + 1;
    // Deleted first so that the id moves to the end: the map stays ordered by last attempt.
    this.attempts.delete(id);
    this.attempts.set(id, { count, at: now });
    return count;
  }
}

/** The event a body names, from the V2 envelope; `?` for one svc cannot read (encrypted). */
function eventOf(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { event?: unknown };
    // Text from the body is data: only an event name's characters reach the terminal.
    return typeof parsed.event === 'string' && /^[\w.-]{1,100}$/.test(parsed.event)
      ? parsed.event
      : '?';
  } catch {
    return '?';
  }
}

/**
 * A temporary endpoint of the emulator pointing at a local server of svc's, which passes
 * each delivery on to `--forward-to` unchanged and answers the emulator with that URL's
 * status. The endpoint is removed when svc stops, Ctrl-C included.
 */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const filterTypes = opts.events === undefined ? undefined : eventNames(opts.events);
  await requireEmulator(ctx, 'svc webhooks listen');
  const client = await ctx.client();
  const seen = new SeenDeliveries(ctx.now);
  const refusals = new Refusals(ctx);
  let secret: string | undefined;
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    // Only what the emulator sent: a POST, within the size of a delivery, signed with this
    // endpoint's secret. Anything else on this port is answered and otherwise ignored.
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST', connection: 'close' }).end();
      return refusals.add(`a ${req.method ?? ''} request`);
    }
    let body: Buffer;
    try {
      body = await readBody(req, MAX_DELIVERY_BYTES);
    } catch {
      res.writeHead(413, { connection: 'close' }).end();
      return refusals.add(`a body over ${MAX_DELIVERY_BYTES} bytes`);
    }
    if (secret === undefined || !hasValidSignature(secret, req.headers, body)) {
      res.writeHead(401).end();
      return refusals.add('a request without a valid signature of the endpoint');
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
    }
    const webhookId = headers['webhook-id'] ?? '';
    const line: Attempt = {
      event: eventOf(body),
      attempt: seen.count(webhookId),
      status: null,
      webhookId,
      time: new Date(ctx.now()).toISOString(),
    };
    try {
      const answer = await fetch(opts.forwardTo, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      await answer.arrayBuffer();
      line.status = answer.status;
      res.writeHead(answer.status).end();
    } catch (err) {
      line.error =
        err instanceof Error && err.name === 'TimeoutError' ? 'no answer' : 'unreachable';
      // The emulator counts this as a failed attempt and retries, as for any other: on its
      // schedule, counted from now.
      const delay = RETRY_SCHEDULE_MS[line.attempt];
      line.nextAttemptAt = delay === undefined ? null : new Date(ctx.now() + delay).toISOString();
      res.writeHead(502).end();
    }
    print(ctx, line, opts.forwardTo);
  };
  const server = createServer((req, res) => {
    forward(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  let endpointId: string | undefined;
  try {
    type Endpoint = ResponseOf<'webhooks.endpoints.create'>;
    const created = await client.call<Endpoint>(operation('webhooks.endpoints.create'), {
      url,
      description: `svc webhooks listen --forward-to ${opts.forwardTo}`,
      ...(filterTypes && { filterTypes }),
    });
    endpointId = created.data.id;
    const { data } = await client.call<{ secret: string }>(operation('webhooks.endpoints.secret'), {
      endpointId,
    });
    secret = data.secret;
    // The secret is what the receiver verifies with: shown first, where the person looks.
    if (ctx.out.json)
      ctx.io.stdout.write(`${JSON.stringify({ endpointId, secret: data.secret })}\n`);
    else
      ctx.io.stderr.write(
        `Ready. Signing secret: ${data.secret} (endpoint ${endpointId}); Ctrl-C stops.\n`,
      );
    await new Promise<void>((resolve) => {
      if (ctx.signal.aborted) return resolve();
      ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  } finally {
    server.closeAllConnections();
    server.close();
    refusals.summary();
    if (endpointId !== undefined) {
      await client.call(
        operation('webhooks.endpoints.delete'),
        { endpointId },
        // Its own endpoint: removing it needs no question, and Ctrl-C must not stop it.
        { confirmed: true, afterCancel: true },
      );
      if (!ctx.out.json) ctx.io.stderr.write(`Removed endpoint ${endpointId}.\n`);
    }
  }
  // Ctrl-C is how a person ends listening: exit 0. Stopped from outside (SIGTERM) or by a
  // lost terminal (SIGHUP), the exit code says so, once the endpoint is gone.
  const reason: unknown = ctx.signal.reason;
  if (reason instanceof TerminatedError) throw reason;
}

function print(ctx: Context, line: Attempt, forwardTo: string): void {
  if (ctx.out.json) {
    ctx.io.stdout.write(`${JSON.stringify(line)}\n`);
    return;
  }
  const answer = line.status === null ? failure(line, forwardTo) : String(line.status);
  ctx.io.stdout.write(`${line.time}  ${line.event}  attempt ${line.attempt}  → ${answer}\n`);
}

/** A receiver not reached: where svc tried, and when the emulator tries again. */
function failure(line: Attempt, forwardTo: string): string {
  const what = `${line.error ?? 'no answer'} at ${forwardTo}`;
  if (line.nextAttemptAt === undefined) return what;
  if (line.nextAttemptAt === null) return `${what}; that was the last attempt`;
  const inMs = Date.parse(line.nextAttemptAt) - Date.parse(line.time);
  return `${what}; next attempt at ${line.nextAttemptAt} (in ${formatDuration(inMs)})`;
}

/**
 * What the relay refused: the first of them said at once on stderr, so a person sees that
 * something else sends to the port, and the count at the end; a flood of them prints two
 * lines, not one per request.
 */
class Refusals {
  private count = 0;

  constructor(private readonly ctx: Context) {}

  add(what: string): void {
    this.count += 1;
    if (this.count === 1) {
      this.ctx.out.warn(
        `refused ${what} on the relay's port: only deliveries the emulator signed are forwarded`,
      );
    }
  }

  summary(): void {
    if (this.count > 1) this.ctx.out.warn(`refused ${this.count} requests in all`);
  }
}
