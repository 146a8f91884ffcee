import { MockAgent } from 'undici';
import { envelope, type StandardOptions } from './envelopes.js';
import { runCli, tempConfigDir, type RunOptions, type RunResult } from './harness.js';

export const FAKE_BASE = 'https://svc.test';

/** A response the fake sends: the body, and the HTTP status (200 unless said). */
export interface FakeReply {
  status?: number;
  body: unknown;
}

/** Answers one request's `data`; the call's index among the calls to the same path is given. */
export type FakeRoute = (data: Record<string, unknown>, call: number) => FakeReply;

/**
 * A stand-in for the service at the HTTP level, for command tests in process: each path
 * answers from a function, every request's `data` is recorded, and nothing reaches the
 * network. Paths without a route fail the request, so an unexpected call shows.
 */
export function fakeService(routes: Record<string, FakeRoute>) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(FAKE_BASE);
  const sent: { path: string; data: Record<string, unknown> }[] = [];
  for (const [path, route] of Object.entries(routes)) {
    let calls = 0;
    pool
      .intercept({ path, method: 'POST' })
      .reply((request) => {
        const data = (JSON.parse(String(request.body)) as { data: Record<string, unknown> }).data;
        sent.push({ path, data });
        const reply = route(data, calls++);
        return { statusCode: reply.status ?? 200, data: JSON.stringify(reply.body) };
      })
      .persist();
  }
  return {
    /** The `data` of every request to `path`, in order. */
    sent: (path: string) => sent.filter((s) => s.path === path).map((s) => s.data),
    /** Every request, in order. */
    all: () => sent,
    /** Runs svc against the fake with key-level credentials from the environment. */
    run(argv: string[], options: RunOptions = {}): Promise<RunResult> {
      return runCli(argv, {
        ...options,
        dispatcher: agent,
        env: {
          SVC_CONFIG_DIR: tempConfigDir(),
          SVC_BASE_URL: FAKE_BASE,
          SVC_API_KEY: 'key_fake_0123',
          SVC_AUTH_TOKEN: 'tok_fake_4567',
          ...options.env,
        },
      });
    },
    close: () => agent.close(),
  };
}

/** The standard success envelope around `data`. */
export const ok = (data: unknown, options?: StandardOptions): FakeReply => ({
  body: envelope.standard(data, options),
});

/** The error envelope with the HTTP status the status name maps to. */
export const fail = (status: string, message: string, http = 400): FakeReply => ({
  status: http,
  body: envelope.error(status, message),
});
