import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and its body exactly as sent. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver does with a request: answer with a status, or never answer. */
export type Answer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Resolves once `n` requests in all have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/**
 * A local webhook receiver on 127.0.0.1: records every request and answers each from
 * `answer`, given how many came before it (the first is 0).
 */
export async function startReceiver(
  answer: (index: number, request: Received) => Answer = () => 200,
): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      const reply = answer(received.length, got);
      received.push(got);
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      if (reply === 'hang') return;
      res.writeHead(reply, reply >= 300 && reply < 400 ? { location: '/elsewhere' } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    waitFor(n, timeoutMs = 10_000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`waited for ${n} requests, got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
