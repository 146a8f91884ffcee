import { Agent, Dispatcher, ProxyAgent } from 'undici';
import type { ProxyRoutes } from './proxy.js';

/**
 * A keep-alive agent that sends each request direct or through the proxy `routes` names
 * for its origin.
 */
export class RoutedDispatcher extends Dispatcher {
  private readonly direct: Agent;
  private readonly proxies = new Map<string, ProxyAgent>();

  constructor(
    private readonly routes: ProxyRoutes,
    private readonly options: Agent.Options = {},
  ) {
    super();
    this.direct = new Agent(options);
  }

  override dispatch(
    opts: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): boolean {
    const proxy = this.routes.proxyFor(new URL(String(opts.origin)));
    return (proxy ? this.through(proxy) : this.direct).dispatch(opts, handler);
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    return settle(
      this.all().map((a) => a.close()),
      callback,
    );
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(
    first?: Error | null | (() => void),
    callback?: () => void,
  ): Promise<void> | void {
    const err = typeof first === 'function' ? null : (first ?? null);
    return settle(
      this.all().map((a) => a.destroy(err)),
      typeof first === 'function' ? first : callback,
    );
  }

  private through(uri: string): ProxyAgent {
    let agent = this.proxies.get(uri);
    if (!agent) {
      agent = new ProxyAgent({ ...this.options, uri });
      this.proxies.set(uri, agent);
    }
    return agent;
  }

  private all(): Dispatcher[] {
    return [this.direct, ...this.proxies.values()];
  }
}

function settle(work: Promise<void>[], callback?: () => void): Promise<void> | void {
  const done = Promise.all(work).then(() => undefined);
  if (!callback) return done;
  void done.then(callback);
}
