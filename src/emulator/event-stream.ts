import type { ServerResponse } from 'node:http';
import type { Answer } from './http.js';
import type { FeedEvent, FeedEventTable, FeedQuery } from './store/feed-events.js';

/** One event as Server-Sent Events; its `id` is what a reconnecting client resumes after. */
function frame(event: FeedEvent): string {
  return `id: ${event.seq}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The feed as Server-Sent Events: the events the query selects that are already there,
 * then each new one, until the client goes away. New events are read on a later turn of
 * the event loop than the append that announced them, once its transaction has committed.
 * A client that does not keep up is not buffered for: the stream waits for it to drain.
 */
export function eventStream(feed: FeedEventTable, query: FeedQuery): Answer {
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    stream: (res: ServerResponse) => {
      let after = query.after;
      let closed = false;
      let scheduled = false;
      let draining = false;

      const flush = () => {
        scheduled = false;
        if (closed || draining) return;
        let events: FeedEvent[];
        try {
          events = feed.list({ ...query, after });
        } catch {
          // The store is unreadable, as while the emulator stops: the stream ends, and the
          // client reconnects with its Last-Event-ID.
          res.destroy();
          return;
        }
        for (const event of events) {
          after = event.seq;
          if (!res.write(frame(event))) {
            draining = true;
            res.once('drain', () => {
              draining = false;
              schedule();
            });
            return;
          }
        }
      };
      const schedule = () => {
        if (scheduled || closed) return;
        scheduled = true;
        setImmediate(flush);
      };

      const unsubscribe = feed.subscribe(schedule);
      res.on('close', () => {
        closed = true;
        unsubscribe();
      });
      res.flushHeaders();
      flush();
    },
  };
}
