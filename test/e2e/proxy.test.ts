import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

interface RecordingProxy {
  url: string;
  /** TCP connections accepted, whatever came over them. */
  connections: number;
  /** Request lines and every byte sent through tunnels, as text. */
  received: string[];
  close(): Promise<void>;
}

/** An HTTP proxy on 127.0.0.1 that tunnels every CONNECT to `upstream` and keeps a copy. */
async function startRecordingProxy(upstream: URL): Promise<RecordingProxy> {
  const server: Server = createServer((req, res) => {
    proxy.received.push(`${req.method} ${req.url}`);
    res.writeHead(502).end();
  });
  const proxy: RecordingProxy = {
    url: '',
    connections: 0,
    received: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  server.on('connection', () => proxy.connections++);
  server.on('connect', (req, client, head) => {
    proxy.received.push(`CONNECT ${req.url}`, head.toString());
    client.on('data', (chunk: Buffer) => proxy.received.push(chunk.toString()));
    const target = connect(Number(upstream.port), upstream.hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      target.write(head);
      client.pipe(target).pipe(client);
    });
    target.on('error', () => client.destroy());
    client.on('error', () => target.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

const emulator = useEmulator();
let proxy: RecordingProxy;

const proxyEnv = () => ({
  HTTP_PROXY: proxy.url,
  http_proxy: proxy.url,
  HTTPS_PROXY: proxy.url,
  https_proxy: proxy.url,
});

afterEach(async () => {
  await proxy.close();
});

describe('credentials and HTTP proxies', () => {
  it('a loopback base URL goes direct: the proxy receives nothing', async () => {
    proxy = await startRecordingProxy(new URL(emulator.url));
    const r = await svc(['docs', 'list', '--org', 'acme', '--json'], {
      ...emulator.env,
      ...proxyEnv(),
    });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(proxy.connections).toBe(0);
  });

  it('plain http to another host through the proxy is refused without --insecure', async () => {
    proxy = await startRecordingProxy(new URL(emulator.url));
    const r = await svc(['docs', 'list', '--org', 'acme', '--json'], {
      ...emulator.env,
      ...proxyEnv(),
      SVC_BASE_URL: 'http://api.svc.test',
    });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('refusing to send credentials over plain http to api.svc.test');
    expect(r.stderr).toContain('through the proxy');
    expect(proxy.connections).toBe(0);
  });

  it('with --insecure it goes through the proxy, which then reads the token', async () => {
    proxy = await startRecordingProxy(new URL(emulator.url));
    const r = await svc(['docs', 'list', '--org', 'acme', '--json', '--insecure'], {
      ...emulator.env,
      ...proxyEnv(),
      SVC_BASE_URL: 'http://api.svc.test',
    });
    expect(proxy.received[0]).toBe('CONNECT api.svc.test:80');
    expect(proxy.received.join('')).toContain(emulator.workspace.authToken);
    // The request arrived: the emulator answers only to its own address, as to a rebound name.
    expect(r.stderr).toContain('service routes answer only requests addressed to 127.0.0.1');
    expect(r.exitCode).toBe(3);
  });
});
