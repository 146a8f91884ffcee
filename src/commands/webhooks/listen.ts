import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
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

interface Attempt {
  event: string;
  attempt: number;
  status: number | null;
  error?: string;
  webhookId: string;
  time: string;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
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
  const client = await ctx.client();
  const seen = new Map<string, number>();
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
    }
    const webhookId = headers['webhook-id'] ?? '';
    const attempt = (seen.get(webhookId) ?? 0) + 1;
    seen.set(webhookId, attempt);
    const line: Attempt = {
      event: eventOf(body),
      attempt,
      status: null,
      webhookId,
      time: new Date().toISOString(),
    };
    try {
      const answer = await fetch(opts.forwardTo, {
        method: req.method ?? 'POST',
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
      // The emulator counts this as a failed attempt and retries, as for any other.
      res.writeHead(502).end();
    }
    print(ctx, line);
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
}

function print(ctx: Context, line: Attempt): void {
  if (ctx.out.json) {
    ctx.io.stdout.write(`${JSON.stringify(line)}\n`);
    return;
  }
  const answer = line.status === null ? (line.error ?? 'no answer') : String(line.status);
  ctx.io.stdout.write(`${line.time}  ${line.event}  attempt ${line.attempt}  → ${answer}\n`);
}
