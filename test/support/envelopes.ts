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

/** The outcome of an AI rewrite: the text, or why there is none. */
export type AiAnswer = { success: true; text: string } | { success: false; error: string };

/** What a `standard` envelope carries beside `data`: its message, and a paged read's token. */
export interface StandardOptions {
  message?: string;
  pageToken?: string;
}

export const envelope = {
  /** `standard`: `data` inside `result`; a paged read adds `pageToken` beside it. */
  standard(data: unknown, options: StandardOptions = {}) {
    const { message = 'ok', pageToken } = options;
    return {
      result: {
        status: 'success',
        message,
        data,
        ...(pageToken !== undefined && { pageToken }),
      },
    };
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
