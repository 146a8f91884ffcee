import { afterEach } from 'vitest';
import { MockAgent, type Interceptable, type MockCallHistoryLog } from 'undici';
import type { Credentials } from '../../../src/config/credentials.js';
import { HttpClient, type HttpClientOptions } from '../../../src/http/client.js';
import { Redactor } from '../../../src/http/redact.js';

/** Shared set-up for the HttpClient tests: a MockAgent, recorded sleeps, a trace collector. */

export const ORIGIN = 'https://api.svc.test';
export const NOW = Date.parse('2025-01-02T03:04:05Z');

/** Long, distinctive secret values, so that a leak anywhere is easy to find. */
export const WORKSPACE_TOKEN = 'wstok-9f8e7d6c5b4a3928';
export const AUTH_TOKEN = 'authtok-1a2b3c4d5e6f7081';
export const API_KEY = 'key_live_0123456789';
export const WORKSPACE_ID = 'ws_0123456789';

export const credentials: Credentials = {
  workspaceId: WORKSPACE_ID,
  workspaceToken: WORKSPACE_TOKEN,
  apiKey: API_KEY,
  authToken: AUTH_TOKEN,
};

export interface Harness {
  agent: MockAgent;
  pool: Interceptable;
  client: HttpClient;
  redactor: Redactor;
  /** Every delay the client asked `sleep` for, in order. */
  sleeps: number[];
  /** Every trace line the client emitted. */
  trace: string[];
  /** The requests that reached the mock agent. */
  calls(): MockCallHistoryLog[];
}

export function createHarness(overrides: Partial<HttpClientOptions> = {}): Harness {
  const agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
  const sleeps: number[] = [];
  const trace: string[] = [];
  const redactor = overrides.redactor ?? new Redactor();
  const client = new HttpClient({
    baseUrl: ORIGIN,
    credentials,
    dispatcher: agent,
    redactor,
    userAgent: 'svc/test',
    timeoutMs: 5_000,
    slowTimeoutMs: 60_000,
    retries: 3,
    maxRetryAfterMs: 10_000,
    backoffBaseMs: 100,
    backoffCapMs: 1_000,
    trace: (line) => trace.push(line),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
    now: () => NOW,
    ...overrides,
  });
  return {
    agent,
    pool: agent.get(ORIGIN),
    client,
    redactor,
    sleeps,
    trace,
    calls: () => agent.getCallHistory()?.calls() ?? [],
  };
}

/**
 * Call at the top of a test file: returns a factory whose harnesses are checked after each
 * test (every interceptor was used: each expected request was made) and then closed.
 */
export function useHarnesses(): (overrides?: Partial<HttpClientOptions>) => Harness {
  const live: Harness[] = [];
  afterEach(async () => {
    const done = live.splice(0);
    try {
      for (const h of done) h.agent.assertNoPendingInterceptors();
    } finally {
      await Promise.all(done.map((h) => h.agent.close()));
    }
  });
  return (overrides) => {
    const h = createHarness(overrides);
    live.push(h);
    return h;
  };
}

/** Settles a promise that must reject, and returns what it rejected with. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

/** Runs a function that must throw synchronously, and returns what it threw. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected the function to throw, but it returned');
}

export const jsonHeaders = { headers: { 'content-type': 'application/json' } };
