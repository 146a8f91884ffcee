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
    const entries = (pick('NO_PROXY', 'no_proxy') ?? '').split(/[,\s]+/).filter(Boolean);
    this.bypassAll = entries.includes('*');
    this.bypass = entries.map(noProxyEntry);
  }

  /** The proxy a request to `url` goes through, or undefined when it goes direct. */
  proxyFor(url: URL): string | undefined {
    // The loopback exemption from https assumes the bytes never leave the machine; a proxy
    // (even one on this machine) would receive the credentials in clear.
    if (isLoopback(url.hostname) || this.bypassAll) return undefined;
    const proxy = url.protocol === 'https:' ? this.https : this.http;
    if (!proxy) return undefined;
    const host = unbracketed(url.hostname.toLowerCase());
    const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
    const bypassed = this.bypass.some(
      (e) => (!e.port || e.port === port) && (host === e.host || host.endsWith(`.${e.host}`)),
    );
    return bypassed ? undefined : proxy;
  }
}

/** `[fd00::1]` as `fd00::1`: URLs bracket IPv6 hosts, NO_PROXY entries may or may not. */
function unbracketed(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** `host`, `host:port`, `.domain`, `*.domain`, `[v6]:port` or a bare IPv6 address. */
function noProxyEntry(entry: string): NoProxyEntry {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  // A bare IPv6 address has colons of its own, and no port.
  const withPort = bracketed || entry.split(':').length > 2 ? null : /^(.+):(\d+)$/.exec(entry);
  const host = bracketed?.[1] ?? withPort?.[1] ?? entry;
  const port = bracketed?.[2] ?? withPort?.[2];
  return {
    host: host.replace(/^\*?\./, '').toLowerCase(),
    port: port ? Number(port) : 0,
  };
}
