import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a scripted server answers: status, headers and the body as it goes on the wire. */
export interface ScriptedReply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface ScriptedServer {
  url: string;
  /** The path of every request received, in order. */
  paths: string[];
  close(): Promise<void>;
}

/**
 * A local HTTP server on 127.0.0.1 that answers each request from `reply`: a service that
 * lies, a web server at the wrong URL, a rate limiter. It lets the built svc be run
 * against answers the emulator never gives.
 */
export async function startScriptedServer(
  reply: (path: string, request: IncomingMessage) => ScriptedReply,
): Promise<ScriptedServer> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      paths.push(path);
      const r = reply(path, req);
      res.writeHead(r.status, r.headers ?? {}).end(r.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `body` as JSON, with its content type: HTTP 200 unless said. */
export function jsonReply(body: unknown, status = 200): ScriptedReply {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}
