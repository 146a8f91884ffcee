import type { ServerResponse } from 'node:http';

/** About how much text is written at once: large enough to keep writes few. */
const CHUNK_CHARS = 64 * 1024;

/** Resolves once the client has taken what was written, or has gone away. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Writes the pieces to `res` and ends it, pulling the next piece only once the client has
 * taken the last chunk: memory holds a chunk, never the whole body. Stops pulling when the
 * client goes away; a piece that fails to come ends the connection without an end, so the
 * client sees a cut body rather than a whole-looking one.
 */
export async function writeText(res: ServerResponse, pieces: Iterable<string>): Promise<void> {
  const iterator = pieces[Symbol.iterator]();
  let buffered = '';
  try {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      buffered += next.value;
      if (buffered.length < CHUNK_CHARS) continue;
      const more = res.write(buffered);
      buffered = '';
      if (!more) await drained(res);
      if (res.destroyed) return;
    }
    res.end(buffered);
  } catch {
    res.destroy();
  } finally {
    iterator.return?.();
  }
}
