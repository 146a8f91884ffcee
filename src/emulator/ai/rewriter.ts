import type { RoutedDispatcher } from '../../http/dispatcher.js';
import { ProxyRoutes } from '../../http/proxy.js';
import { EmulatorError } from '../errors.js';
import {
  answerText,
  DEFAULT_PROVIDER_URLS,
  PROVIDER_IDS,
  PROVIDER_NAMES,
  type ProviderId,
  providerRequest,
  type RewriteRequest,
} from './providers.js';

/** The result member of operation 25's answer. */
export type RewriteOutcome = { success: true; text: string } | { success: false; error: string };

/** Model calls can take long; past this the call is reported as failed. */
const DEFAULT_AI_TIMEOUT_MS = 60_000;

export interface AiRewriterOptions {
  /** Base URL of each provider's API; the public ones where not given. */
  urls?: Partial<Record<ProviderId, string>> | undefined;
  timeoutMs?: number | undefined;
}

/** A base URL as given on the command line: http or https, nothing after the path. */
function baseUrl(provider: ProviderId, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `The ${PROVIDER_NAMES[provider]} URL "${text}" is not a valid URL.`,
    );
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `The ${PROVIDER_NAMES[provider]} URL "${text}" must be an http or https URL without a query.`,
    );
  }
  // Relative paths resolve below the base only when it ends with a slash.
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Sends rewrite requests to the providers over HTTP. Failures of any kind become a
 * `success: false` outcome naming the provider and what went wrong; the message never
 * holds the key, nor the provider's error body (which may quote it).
 */
export class AiRewriter {
  private readonly urls: Record<ProviderId, URL>;
  private readonly timeoutMs: number;
  /**
   * Proxy variables apply as for any outbound call of the CLI, loopback goes direct. Made
   * with the first rewrite: most emulators make none, and loading undici was about 25 ms of
   * every emulator's start.
   */
  private agent: Promise<RoutedDispatcher> | undefined;

  private sender(): Promise<RoutedDispatcher> {
    this.agent ??= import('../../http/dispatcher.js').then(
      ({ RoutedDispatcher }) => new RoutedDispatcher(new ProxyRoutes(process.env)),
    );
    return this.agent;
  }

  constructor(options: AiRewriterOptions = {}) {
    const given = options.urls ?? {};
    this.urls = Object.fromEntries(
      PROVIDER_IDS.map((id) => [id, baseUrl(id, given[id] ?? DEFAULT_PROVIDER_URLS[id])]),
    ) as Record<ProviderId, URL>;
    const timeoutMs = options.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        'The AI timeout must be a positive whole number of milliseconds.',
      );
    }
    this.timeoutMs = timeoutMs;
  }

  async rewrite(
    provider: ProviderId,
    apiKey: string,
    request: RewriteRequest,
  ): Promise<RewriteOutcome> {
    const name = PROVIDER_NAMES[provider];
    const call = providerRequest(provider, apiKey, request);
    const url = new URL(call.path, this.urls[provider]);
    const signal = AbortSignal.timeout(this.timeoutMs);
    let status: number;
    let text: string;
    try {
      const agent = await this.sender();
      const res = await agent.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...call.headers },
        body: JSON.stringify(call.body),
        signal,
      });
      status = res.statusCode;
      text = await res.body.text();
    } catch (err) {
      if (signal.aborted) {
        return { success: false, error: `${name} did not answer within ${this.timeoutMs} ms.` };
      }
      return {
        success: false,
        error: `${name} could not be reached (${errorCode(err) ?? 'network error'}).`,
      };
    }
    if (status < 200 || status > 299) {
      return { success: false, error: `${name} answered HTTP ${status}.` };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const answer = answerText(provider, body);
    if (answer === undefined) {
      return {
        success: false,
        error: `${name} answered HTTP ${status} without the rewritten text where its API puts it.`,
      };
    }
    return { success: true, text: answer };
  }

  /** Drops open connections, failing calls still in flight. */
  close(): Promise<void> {
    return this.agent?.then((agent) => agent.destroy()) ?? Promise.resolve();
  }
}
