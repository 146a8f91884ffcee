import { MockAgent, type MockCallHistoryLog } from 'undici';
import { onTestFinished } from 'vitest';
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

/** A request that reached the fake: its path and the `data` of its body. */
interface SentRequest {
  path: string;
  data: Record<string, unknown>;
}

function dataOf(body: unknown): Record<string, unknown> {
  return (JSON.parse(String(body)) as { data: Record<string, unknown> }).data;
}

/**
 * A stand-in for the service at the HTTP level, for command tests in process: each path
 * (a stub) answers from a function, every request is recorded, and nothing reaches the
 * network. Call it inside a test: when the test ends the fake checks itself (`verify`) and
 * closes, so a stub the test never reached, or a request no stub answers, fails the test.
 */
export function fakeService(routes: Record<string, FakeRoute>) {
  const agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
  const pool = agent.get(FAKE_BASE);
  const answered = new Map<string, number>();
  for (const [path, route] of Object.entries(routes)) {
    answered.set(path, 0);
    pool
      .intercept({ path, method: 'POST' })
      .reply((request) => {
        const call = answered.get(path) ?? 0;
        answered.set(path, call + 1);
        const reply = route(dataOf(request.body), call);
        return { statusCode: reply.status ?? 200, data: JSON.stringify(reply.body) };
      })
      .persist();
  }

  const history = (): MockCallHistoryLog[] => agent.getCallHistory()?.calls() ?? [];

  /** Every request, in order, whether a stub answered it or not. */
  const all = (): SentRequest[] =>
    history().map((log) => ({ path: log.path, data: dataOf(log.body) }));

  /** Throws naming each stub no request reached and each request no stub answered. */
  const verify = (): void => {
    const problems = [
      ...[...answered]
        .filter(([, calls]) => calls === 0)
        .map(([path]) => `stub POST ${path} was never called`),
      ...history()
        .filter((log) => log.method !== 'POST' || !answered.has(log.path))
        .map((log) => `no stub answers ${log.method} ${log.path}`),
    ];
    if (problems.length > 0) throw new Error(`fake service: ${problems.join('; ')}`);
  };

  // A test that failed already is not checked: its stubs were left unused by the failure.
  onTestFinished(async ({ task }) => {
    try {
      if (task.result?.state !== 'fail') verify();
    } finally {
      await agent.close();
    }
  });

  return {
    /** The `data` of every request to `path`, in order. */
    sent: (path: string) =>
      all()
        .filter((s) => s.path === path)
        .map((s) => s.data),
    all,
    verify,
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
