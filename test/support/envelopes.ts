/**
 * The service's answers as the wire carries them (docs/api.md, "Success envelopes" and
 * "Error envelope"), one builder for each envelope kind (`EnvelopeKind` in
 * src/catalogue/types.ts) and for errors. Written out here rather than taken from the
 * emulator, so that tests of the client and tests of the emulator each check against the
 * spec, not against one another.
 *
 *   fakeService({ [PATH]: () => ({ body: envelope.noData('CRDT data updated.') }) });
 *   pool.intercept({ path, method: 'POST' }).reply(404, envelope.error('NOT_FOUND', 'gone'));
 */

import type { Paging } from '../../src/catalogue/types.js';

/** The outcome of an AI rewrite: the text, or why there is none. */
export type AiAnswer = { success: true; text: string } | { success: false; error: string };

/**
 * What a `standard` envelope carries beside `data`: its message, and a paged read's next-page
 * token under whichever member its operation's paging names.
 */
export type StandardOptions = { message?: string } & { [K in Paging['next']]?: string };

export const envelope = {
  /** `standard`: `data` inside `result`; a paged read adds its next-page token beside it. */
  standard(data: unknown, options: StandardOptions = {}) {
    const { message = 'ok', ...page } = options;
    return { result: { status: 'success', message, data, ...page } };
  },

  /** `top-level`: the deletion job's answer (HTTP 202), with no `result` around it. */
  topLevel(data: unknown, message = 'ok') {
    return { status: 'success', message, data, statusCode: 202 };
  },

  /** `ai`: the rewrite's outcome is the whole `result`. */
  ai(answer: AiAnswer) {
    return { result: answer };
  },

  /** `no-data`: a status and a message only. */
  noData(message = 'ok') {
    return { result: { status: 'success', message } };
  },

  /** The error envelope; `details` only where an operation gives them. */
  error(status: string, message: string, details?: unknown) {
    return { error: { status, message, ...(details !== undefined && { details }) } };
  },
};
