import { API } from './api.js';
import type { Exchange } from './types.js';

/**
 * The emulator's log of API calls, kept up to date by its event stream: the browser
 * reconnects by itself after a drop, resuming after the last call it saw.
 */
const exchanges: Exchange[] = [];
/** `live` is false for the calls made before the page connected. */
type Listener = (exchange: Exchange, live: boolean) => void;
const listeners = new Set<Listener>();
const KEPT = 300;
let caughtUp = false;

export function startLiveLog(): void {
  const source = new EventSource(`${API}requests`);
  source.addEventListener('request', (event) => {
    const exchange = JSON.parse((event as MessageEvent<string>).data) as Exchange;
    if (exchanges.some((e) => e.seq === exchange.seq)) return;
    exchanges.push(exchange);
    if (exchanges.length > KEPT) exchanges.shift();
    for (const listener of listeners) listener(exchange, caughtUp);
  });
  source.addEventListener('caught-up', () => (caughtUp = true));
}

export const loggedCalls = (): readonly Exchange[] => exchanges;

export function onCall(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
