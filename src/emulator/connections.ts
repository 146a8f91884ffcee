import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How many connections the emulator keeps open at once. A client that opens thousands and
 * trickles a byte now and then would otherwise hold a descriptor and buffers for each, and
 * health checks would queue behind them.
 */
export const MAX_CONNECTIONS = 512;
/** Connections the kernel may hold for the emulator to accept. */
export const ACCEPT_BACKLOG = 4096;
/** A request's headers must arrive within this; Node checks it every second (below). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A whole request, body included, must arrive within this. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A request body that stops arriving for this long is dropped, not waited for. */
export const BODY_IDLE_MS = 5_000;

/** The options of `createServer` that bound how long a slow client may take. */
export const slowClientLimits = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  // Node looks for connections past those timeouts every 30 s unless told otherwise.
  connectionsCheckingInterval: 1_000,
} as const;

/**
 * Keeps at most MAX_CONNECTIONS open: past that, the oldest connection that is not in the
 * middle of a request is closed to make room, so a new client (a health check) gets in while
 * idle and trickling connections make way. Only when every open connection is serving a
 * request is the newcomer closed instead.
 */
export function capConnections(server: Server, max = MAX_CONNECTIONS): void {
  // In the order they were opened: the first idle one met is the oldest.
  const open = new Set<Socket>();
  const serving = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      serving.delete(socket);
    });
    if (open.size <= max) return;
    for (const candidate of open) {
      if (candidate !== socket && !serving.has(candidate)) {
        candidate.destroy();
        return;
      }
    }
    socket.destroy();
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    serving.set(socket, (serving.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (serving.get(socket) ?? 1) - 1;
      if (left > 0) serving.set(socket, left);
      else serving.delete(socket);
    });
  });
}
