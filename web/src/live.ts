import { adminHeaders, NEEDS_TOKEN } from './admin-token.js';
import { API, CallFailed } from './api.js';
import type { Exchange } from './types.js';

/**
 * The emulator's log of API calls, kept up to date by its event stream, read with fetch
 * (an EventSource cannot send the admin token): after a drop it connects again, resuming
 * after the last call it saw.
 */
const exchanges: Exchange[] = [];
/** `live` is false for the calls made before the page connected. */
type Listener = (exchange: Exchange, live: boolean) => void;
const listeners = new Set<Listener>();
const KEPT = 300;
const RECONNECT_MS = 2_000;
let caughtUp = false;
let lastId = '';

function onEvent(event: string, data: string): void {
  if (event === 'caught-up') caughtUp = true;
  if (event !== 'request') return;
  const exchange = JSON.parse(data) as Exchange;
  if (exchanges.some((e) => e.seq === exchange.seq)) return;
  exchanges.push(exchange);
  if (exchanges.length > KEPT) exchanges.shift();
  for (const listener of listeners) listener(exchange, caughtUp);
}

/** One frame of the stream (`id:`, `event:`, `data:` lines); comments and retries ignored. */
function onFrame(frame: string): void {
  let event = 'message';
  let data = '';
  for (const line of frame.split('\n')) {
    const at = line.indexOf(':');
    const field = at === -1 ? line : line.slice(0, at);
    const value = at === -1 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'id') lastId = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data = data === '' ? value : `${data}\n${value}`;
  }
  onEvent(event, data);
}

async function readStream(): Promise<void> {
  const response = await fetch(`${API}requests`, {
    headers: { ...adminHeaders(), ...(lastId !== '' && { 'last-event-id': lastId }) },
  });
  if (response.status === 401) throw new CallFailed(NEEDS_TOKEN);
  if (!response.ok || !response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    // The emulator ends its lines with LF alone.
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      onFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  }
}

/** Reads the stream for as long as the page is open; `failed` hears why it cannot. */
export function startLiveLog(failed: (message: string) => void): void {
  void (async () => {
    for (;;) {
      try {
        await readStream();
      } catch (err) {
        if (err instanceof CallFailed) return failed(err.message);
      }
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  })();
}

export const loggedCalls = (): readonly Exchange[] => exchanges;

export function onCall(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
