import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import {
  jsonReply,
  startScriptedServer,
  type ScriptedReply,
  type ScriptedServer,
} from '../support/http-server.js';

/** A web server at the base URL that is not the service: it answers with its own pages. */
let server: ScriptedServer;
let answer: ScriptedReply;
let env: Record<string, string>;

const html = (status: number): ScriptedReply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html><body><h1>${status}</h1></body></html>`,
});

beforeAll(async () => {
  server = await startScriptedServer(() => answer);
  env = cleanEnv({ SVC_BASE_URL: server.url, SVC_API_KEY: 'k1', SVC_AUTH_TOKEN: 't1' });
});
afterAll(() => server.close());

const notTheService = (status: number, type = 'text/html') =>
  `error: the server at ${server.url} did not answer as the service does (HTTP ${status}, ${type})\n` +
  'hint: check --base-url or SVC_BASE_URL, and the base URL stored in the profile';

describe('a base URL that is not the service', () => {
  it.each([404, 200, 501, 500, 401])(
    'an HTML %i says so, asks to check --base-url, and exits 1',
    async (status) => {
      answer = html(status);
      const r = await svc(['docs', 'list', '--org', 'acme'], env);
      expect(r.stderr).toBe(notTheService(status));
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe('');
    },
  );

  it('says the same of JSON that is not the envelope', async () => {
    answer = jsonReply([]);
    const r = await svc(['docs', 'list', '--org', 'acme'], env);
    expect(r.stderr).toBe(notTheService(200, 'application/json'));
    expect(r.exitCode).toBe(1);
  });

  it('is one JSON line under --json', async () => {
    answer = html(404);
    const r = await svc(['docs', 'list', '--org', 'acme', '--json'], env);
    expect(JSON.parse(r.stderr)).toEqual({
      error: {
        status: 'NOT_THE_SERVICE',
        message: `the server at ${server.url} did not answer as the service does (HTTP 404, text/html) (check --base-url or SVC_BASE_URL, and the base URL stored in the profile)`,
      },
      exitCode: 1,
    });
    expect(r.exitCode).toBe(1);
  });

  it('gives a bulk write no advice to resume', async () => {
    answer = html(404);
    const file = join(mkdtempSync(join(tmpdir(), 'svc-wrong-')), 'folders.ndjson');
    writeFileSync(file, '{"folderId":"f1","folderName":"One"}\n');
    const r = await svc(['folders', 'add', '--org', 'acme', '--file', file], env);
    expect(r.stderr).toBe(notTheService(404));
    expect(r.stderr).not.toContain('--resume');
    expect(r.exitCode).toBe(1);
  });

  it.each([502, 503, 504])('keeps a proxy HTML %i temporary: exit 75', async (status) => {
    answer = html(status);
    const r = await svc(['docs', 'list', '--org', 'acme'], env);
    expect(r.exitCode).toBe(75);
    expect(r.stderr).not.toContain('did not answer as the service does');
  });
});
