import { describe, expect, it } from 'vitest';
import { ProxyRoutes } from '../../../src/http/proxy.js';

const PROXY = 'http://proxy.corp.test:3128';
const route = (env: Record<string, string>, url: string) =>
  new ProxyRoutes(env).proxyFor(new URL(url));

describe('ProxyRoutes', () => {
  it.each([
    'http://localhost:8080',
    'http://LOCALHOST',
    'http://127.0.0.1:4000',
    'http://127.45.6.7',
    'http://[::1]:4000',
    'https://127.0.0.1',
  ])('never sends %s through a proxy, even with no NO_PROXY', (url) => {
    expect(route({ HTTP_PROXY: PROXY, HTTPS_PROXY: PROXY }, url)).toBeUndefined();
  });

  it('sends other hosts through the proxy of their scheme', () => {
    const env = { http_proxy: PROXY, HTTPS_PROXY: 'http://secure.corp.test:3129' };
    expect(route(env, 'http://api.example.com')).toBe(PROXY);
    expect(route(env, 'https://api.example.com')).toBe('http://secure.corp.test:3129');
    expect(route(env, 'http://10.0.0.5:8080')).toBe(PROXY);
  });

  it('uses the http proxy for https when no https proxy is set, and none when neither is', () => {
    expect(route({ HTTP_PROXY: PROXY }, 'https://api.example.com')).toBe(PROXY);
    expect(route({}, 'https://api.example.com')).toBeUndefined();
  });

  it.each([
    ['example.com', 'http://example.com', undefined],
    ['example.com', 'http://api.example.com', undefined],
    ['.example.com', 'http://api.example.com', undefined],
    ['*.example.com', 'http://api.example.com', undefined],
    ['example.com:8080', 'http://example.com:8080', undefined],
    ['example.com:8080', 'http://example.com', PROXY],
    ['other.com, example.org', 'http://example.com', PROXY],
    ['notexample.com', 'http://example.com', PROXY],
    ['*', 'http://anything.test', undefined],
    ['localhost,*', 'http://anything.test', undefined],
    ['fd00::1', 'http://[fd00::1]:8080', undefined],
    ['[fd00::1]', 'http://[fd00::1]', undefined],
    ['[fd00::1]:8080', 'http://[fd00::1]:8080', undefined],
    ['[fd00::1]:8080', 'http://[fd00::1]:9090', PROXY],
    ['fd00::2', 'http://[fd00::1]', PROXY],
  ])('NO_PROXY=%s: %s goes through %s', (noProxy, url, expected) => {
    expect(route({ HTTP_PROXY: PROXY, NO_PROXY: noProxy }, url)).toBe(expected);
  });
});
