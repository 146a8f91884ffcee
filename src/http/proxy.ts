import { isLoopback } from './loopback.js';

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

interface NoProxyEntry {
  host: string;
  port: number;
}

/**
 * Which requests go through a proxy. The same answer drives both the dispatcher and the
 * credential check, so a request is never judged "local" while it travels through a proxy.
 */
export class ProxyRoutes {
  private readonly http: string | undefined;
  private readonly https: string | undefined;
  private readonly bypassAll: boolean;
  private readonly bypass: NoProxyEntry[];

  constructor(env: ProxyEnv) {
    const pick = (...names: string[]) => names.map((n) => env[n]).find((v) => v);
    this.http = pick('HTTP_PROXY', 'http_proxy');
    this.https = pick('HTTPS_PROXY', 'https_proxy') ?? this.http;
    const noProxy = pick('NO_PROXY', 'no_proxy') ?? '';
    this.bypassAll = noProxy.trim() === '*';
    this.bypass = noProxy
      .split(/[,\s]+/)
      .filter(Boolean)
      .map((entry) => {
        const withPort = /^(.+):(\d+)$/.exec(entry);
        return {
          host: (withPort?.[1] ?? entry).replace(/^\*?\./, '').toLowerCase(),
          port: withPort ? Number(withPort[2]) : 0,
        };
      });
  }

  /** The proxy a request to `url` goes through, or undefined when it goes direct. */
  proxyFor(url: URL): string | undefined {
    // The loopback exemption from https assumes the bytes never leave the machine; a proxy
    // (even one on this machine) would receive the credentials in clear.
    if (isLoopback(url.hostname) || this.bypassAll) return undefined;
    const proxy = url.protocol === 'https:' ? this.https : this.http;
    if (!proxy) return undefined;
    const host = url.hostname.toLowerCase();
    const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
    const bypassed = this.bypass.some(
      (e) => (!e.port || e.port === port) && (host === e.host || host.endsWith(`.${e.host}`)),
    );
    return bypassed ? undefined : proxy;
  }
}
