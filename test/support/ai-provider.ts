import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the three AI provider APIs that AI rewrite calls (OpenAI chat completions,
 * Anthropic messages, Google generateContent), on a local port. It records every request
 * and answers each in its provider's format with a predictable rewrite of the user's text
 * (see `rewritten`), so tests can check both what the emulator sent and what it answered.
 * Routes match on the end of the path, so a base URL with a path prefix works too.
 *
 *   const provider = await startAiProvider();
 *   await startEmulator({ aiProviderUrls: { openai: provider.url } });
 *   …
 *   expect(provider.requests[0]?.body).toMatchObject({ model: 'gpt-4o' });
 *   provider.failNext({ status: 503 });
 *   await provider.close();
 */

export interface RecordedRequest {
  method: string;
  /** The path with any query, as received. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; the raw text when it is not JSON. */
  body: unknown;
}

/**
 * How the next request fails: an HTTP status (with an optional JSON body), a 200 answer
 * without the text where the provider puts it, no answer at all until `close()`, or the
 * connection dropped.
 */
export type ProviderFailure = { status: number; body?: unknown } | 'malformed' | 'hang' | 'drop';

export interface AiProvider {
  /** Base URL to give the emulator for any of the providers, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Makes the next request (then the one after, for each further call) fail. */
  failNext(failure?: ProviderFailure): void;
  close(): Promise<void>;
}

/** What the stand-in answers for a user text. */
export function rewritten(text: string): string {
  return `REWRITTEN: ${text.toUpperCase()}`;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The text of the last user message, in each provider's request format. */
const userText = {
  openai(body: Json): string {
    const user = asArray(body.messages)
      .filter((m) => isObject(m) && m.role === 'user')
      .at(-1);
    return isObject(user) && typeof user.content === 'string' ? user.content : '';
  },
  anthropic(body: Json): string {
    return userText.openai(body);
  },
  google(body: Json): string {
    const user = asArray(body.contents)
      .filter((c) => isObject(c) && c.role === 'user')
      .at(-1);
    const part = isObject(user) ? asArray(user.parts)[0] : undefined;
    return isObject(part) && typeof part.text === 'string' ? part.text : '';
  },
};

interface Route {
  provider: keyof typeof userText;
  /** The header that carries the key, and how to take the key out of it. */
  keyHeader: string;
  key(value: string): string;
  answer(text: string, body: Json): unknown;
}

const routes: readonly { matches: (path: string) => boolean; route: Route }[] = [
  {
    matches: (path) => path.endsWith('/v1/chat/completions'),
    route: {
      provider: 'openai',
      keyHeader: 'authorization',
      key: (value) => value.replace(/^Bearer /, ''),
      answer: (text, body) => ({
        id: 'chatcmpl-standin',
        object: 'chat.completion',
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
        ],
      }),
    },
  },
  {
    matches: (path) => path.endsWith('/v1/messages'),
    route: {
      provider: 'anthropic',
      keyHeader: 'x-api-key',
      key: (value) => value,
      answer: (text, body) => ({
        id: 'msg_standin',
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
      }),
    },
  },
  {
    matches: (path) => /\/v1beta\/models\/[^/]+:generateContent$/.test(path),
    route: {
      provider: 'google',
      keyHeader: 'x-goog-api-key',
      key: (value) => value,
      answer: (text) => ({
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
      }),
    },
  },
];

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export async function startAiProvider(): Promise<AiProvider> {
  const requests: RecordedRequest[] = [];
  const failures: ProviderFailure[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });

      const failure = failures.shift();
      if (failure === 'drop') return req.socket.destroy();
      if (failure === 'hang') return void hanging.add(res);
      if (failure === 'malformed') return sendJson(res, 200, { unexpected: true });
      if (failure) {
        return sendJson(res, failure.status, failure.body ?? { error: { message: 'failed' } });
      }

      const found = routes.find((r) => r.matches(path.split('?')[0] ?? ''))?.route;
      if (req.method !== 'POST' || !found) {
        return sendJson(res, 404, { error: { message: `no route ${req.method} ${path}` } });
      }
      const header = req.headers[found.keyHeader];
      const key = typeof header === 'string' ? found.key(header) : '';
      if (key === '') return sendJson(res, 401, { error: { message: 'missing API key' } });
      if (!isObject(body)) return sendJson(res, 400, { error: { message: 'body is not JSON' } });
      sendJson(res, 200, found.answer(rewritten(userText[found.provider](body)), body));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(failure = { status: 500 }) {
      failures.push(failure);
    },
    close() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
