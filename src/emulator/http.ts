import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as z from 'zod';
import { describeJsonExcess, findJsonExcess } from '../catalogue/limits.js';
import { BODY_IDLE_MS } from './connections.js';
import { EmulatorError } from './errors.js';
import { describeIssues } from './validation.js';

/** The largest request body accepted. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Past this much, an oversized body is no longer drained: the connection is dropped. */
const MAX_DRAIN_BYTES = 16 * MAX_BODY_BYTES;

/** What the emulator answers to one request. */
export type Answer =
  | { status: number; json: unknown; headers?: Readonly<Record<string, string>> }
  | { status: number; text: string; headers?: Readonly<Record<string, string>> }
  | {
      status: number;
      /** Writes the body over time (an event stream) once the head is written; owns `res`. */
      stream: (res: ServerResponse) => void;
      headers: Readonly<Record<string, string>>;
    };

/** A 200 answer with a JSON body: what the admin routes mostly give. */
export const ok = (json: unknown): Answer => ({ status: 200, json });

/**
 * A route below `/_emulator/`: the one method it accepts, and what answers it from the
 * request, its query and the parts of the emulator it uses.
 */
export interface AdminRoute<Deps> {
  method: string;
  route: (req: IncomingMessage, query: URLSearchParams, deps: Deps) => Promise<Answer> | Answer;
}

/** Admin routes, keyed by their path below `/_emulator/`. */
export type AdminRoutes<Deps> = Record<string, AdminRoute<Deps>>;

export function errorAnswer(error: EmulatorError): Answer {
  return { status: error.httpStatus, json: error.toEnvelope(), headers: error.headers };
}

function tooLarge(maxBytes: number): EmulatorError {
  return new EmulatorError(
    'INVALID_ARGUMENT',
    `Request body is larger than ${maxBytes} bytes.`,
    // Whatever the client still sends is not read; it must open a new connection.
    { httpStatus: 413, headers: { connection: 'close' } },
  );
}

function stalled(): EmulatorError {
  return new EmulatorError(
    'INVALID_ARGUMENT',
    `Request body stopped arriving for ${BODY_IDLE_MS / 1000} s.`,
    { httpStatus: 408, headers: { connection: 'close' } },
  );
}

/**
 * The whole body, or an INVALID_ARGUMENT answered with HTTP 413 when it is larger than
 * `maxBytes`. An oversized body is drained (up to a cap) before that answer, so a client
 * still uploading it reads the answer instead of a reset connection.
 */
export function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  const drainCap = Math.max(MAX_DRAIN_BYTES, maxBytes);
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > drainCap) return reject(tooLarge(maxBytes));

    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // A body that stops arriving holds a connection and its buffers: it is given up on.
    const idle = setTimeout(() => settle(() => reject(stalled())), BODY_IDLE_MS);
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      fn();
    };
    req.on('data', (chunk: Buffer) => {
      idle.refresh();
      size += chunk.length;
      if (size > drainCap) settle(() => reject(tooLarge(maxBytes)));
      else if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => {
      settle(() => (size > maxBytes ? reject(tooLarge(maxBytes)) : resolve(Buffer.concat(chunks))));
    });
    req.on('error', (err) => settle(() => reject(err)));
    req.on('close', () => settle(() => reject(new Error('request closed before its body ended'))));
  });
}

/**
 * A JSON body's nesting within the request limit, or INVALID_ARGUMENT. Only the depth: what
 * admin bodies and seed files may hold is their schemas' business, and a fixture may well
 * be larger than any one API request.
 */
export function checkNesting(value: unknown, what: string): void {
  const excess = findJsonExcess(value, { depthOnly: true });
  if (excess) {
    throw new EmulatorError('INVALID_ARGUMENT', `${what}: ${describeJsonExcess(excess)}`);
  }
}

/** An admin call's body as JSON; an empty body is `{}`. */
export async function readJson(req: IncomingMessage, maxBytes?: number): Promise<unknown> {
  const text = (await readBody(req, maxBytes)).toString('utf8').trim();
  let value: unknown;
  try {
    value = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new EmulatorError('INVALID_ARGUMENT', 'Request body is not valid JSON.');
  }
  checkNesting(value, 'Invalid request body');
  return value;
}

/** An admin call's JSON body checked against its schema, or INVALID_ARGUMENT naming the field. */
export async function readJsonAs<S extends z.ZodType>(
  req: IncomingMessage,
  schema: S,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readJson(req));
  if (!parsed.success) {
    throw new EmulatorError('INVALID_ARGUMENT', describeIssues(parsed.error.issues, { root: '' }));
  }
  return parsed.data;
}

export function clientIp(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? 'unknown';
  // An IPv4 client of a dual-stack socket shows up IPv4-mapped; count it as itself.
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

export function send(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  if ('stream' in answer) {
    res.writeHead(answer.status, { 'cache-control': 'no-store', ...answer.headers });
    answer.stream(res);
    if (!req.readableEnded) req.resume();
    return;
  }
  const body = 'json' in answer ? JSON.stringify(answer.json) : answer.text;
  const type = 'json' in answer ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
  res.writeHead(answer.status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...answer.headers,
  });
  res.end(body);
  // A body nobody read (an early answer) is discarded so the connection can be reused.
  if (!req.readableEnded) req.resume();
}
