import { UsageError } from '../../../src/errors/errors.js';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseServerFlags } from '../../../src/commands/emulator/server-options.js';
import {
  EmulatorError,
  type RunningEmulator,
  type SeededWorkspace,
  startEmulator,
} from '../../../src/emulator/server.js';
import { envelope } from '../../support/envelopes.js';
import { type AiProvider, rewritten, startAiProvider } from '../../support/ai-provider.js';
import { expectError, expectSuccess, type Reply, request } from './helpers.js';
import { adminPost } from './jobs.js';
import { callAs } from './seed.js';
import { useEmulator } from './fixture.js';

const REWRITE = '/v2/rewriter/ask-ai';
const OPENAI_KEY = 'sk-openai-secret-0123456789abcdef';
const ANTHROPIC_KEY = 'sk-ant-secret-0123456789abcdef';
const GOOGLE_KEY = 'AIza-google-secret-0123456789';

let dir: string;
let provider: AiProvider;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-ai-test-'));
  provider = await startAiProvider();
});
afterAll(async () => {
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  provider.requests.length = 0;
});

function seedFile(aiKeys: Record<string, string> | undefined): string {
  const path = join(dir, `seed-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      workspaces: [
        { ownerEmail: 'ai@example.com', ...(aiKeys && { aiKeys }) },
        { ownerEmail: 'nokeys@example.com' },
      ],
    }),
  );
  return path;
}

interface Outcome {
  success: boolean;
  text?: string;
  error?: string;
}

async function outcome(reply: Reply): Promise<Outcome> {
  expect(reply.status).toBe(200);
  return expectSuccess(reply, 'ai.rewrite') as Outcome;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('AI rewrite (op 25) against the providers', () => {
  // The provider and the seed's directory come from the file's hooks, which run first.
  const emu = useEmulator({
    shared: true,
    lateOptions: () => ({
      seed: seedFile({ openai: OPENAI_KEY, anthropic: ANTHROPIC_KEY }),
      // A base URL with a path, as behind a proxy: requests go below it.
      aiProviderUrls: {
        openai: provider.url,
        anthropic: `${provider.url}/anthropic/`,
        google: `${provider.url}/google`,
      },
    }),
  });
  let owner: SeededWorkspace;
  let call: (path: string, data: unknown) => Promise<Reply>;

  beforeAll(async () => {
    owner = emu.owner;
    call = emu.call;
    const set = await adminPost(emu.url, 'ai-keys', {
      workspaceId: owner.workspaceId,
      provider: 'google',
      apiKey: GOOGLE_KEY,
    });
    expect(set.json).toEqual({ provider: 'google', apiKey: `****${GOOGLE_KEY.slice(-4)}` });
  });

  it('sends a gpt- model the prompt as a system message and the text as a user message', async () => {
    const reply = await call(REWRITE, {
      model: 'gpt-4o',
      prompt: 'Make it formal',
      text: 'hey there',
    });
    expect(reply.json).toEqual(envelope.ai({ success: true, text: rewritten('hey there') }));
    expect(provider.requests).toHaveLength(1);
    const [sent] = provider.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Make it formal' },
        { role: 'user', content: 'hey there' },
      ],
    });
  });

  it.each(['o1-mini', 'o3-mini', 'o4-mini'])(
    'sends %s one user message, the prompt before the text',
    async (model) => {
      const result = await outcome(
        await call(REWRITE, { model, prompt: 'Shorten', text: 'a long text' }),
      );
      expect(result).toEqual({ success: true, text: rewritten('Shorten\n\na long text') });
      expect(provider.requests.map((r) => [r.path, r.body])).toEqual([
        [
          '/v1/chat/completions',
          { model, messages: [{ role: 'user', content: 'Shorten\n\na long text' }] },
        ],
      ]);
    },
  );

  it('sends a claude- model to the messages API with the prompt as system', async () => {
    const result = await outcome(
      await call(REWRITE, {
        model: 'claude-3-5-sonnet-latest',
        prompt: 'Fix typos',
        text: 'teh cat',
      }),
    );
    expect(result).toEqual({ success: true, text: rewritten('teh cat') });
    const [sent] = provider.requests;
    expect(sent?.path).toBe('/anthropic/v1/messages');
    expect(sent?.headers['x-api-key']).toBe(ANTHROPIC_KEY);
    expect(sent?.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toEqual({
      model: 'claude-3-5-sonnet-latest',
      max_tokens: 4096,
      system: 'Fix typos',
      messages: [{ role: 'user', content: 'teh cat' }],
    });
  });

  it('sends a gemini- model to generateContent with a system instruction', async () => {
    const result = await outcome(
      await call(REWRITE, { model: 'gemini-2.0-flash', prompt: 'Translate', text: 'bonjour' }),
    );
    expect(result).toEqual({ success: true, text: rewritten('bonjour') });
    const [sent] = provider.requests;
    expect(sent?.path).toBe('/google/v1beta/models/gemini-2.0-flash:generateContent');
    expect(sent?.headers['x-goog-api-key']).toBe(GOOGLE_KEY);
    expect(sent?.body).toEqual({
      systemInstruction: { parts: [{ text: 'Translate' }] },
      contents: [{ role: 'user', parts: [{ text: 'bonjour' }] }],
    });
  });

  it('refuses a model of no known provider without calling any', async () => {
    for (const model of ['llama-3', 'o2-mini', 'GPT-4o', 'chatgpt']) {
      const message = expectError(
        await call(REWRITE, { model, prompt: 'p', text: 't' }),
        400,
        'INVALID_ARGUMENT',
      );
      expect(message).toContain(model);
    }
    expectError(await call(REWRITE, { model: 'gpt-4o', text: 't' }), 400, 'INVALID_ARGUMENT');
    expect(provider.requests).toEqual([]);
  });

  it('answers success false naming the provider when the workspace has no key for it', async () => {
    const [, other] = emu.emulator.seeded;
    if (!other) throw new Error('no second workspace');
    const as = emu.callAs(other);
    const cases = [
      ['gpt-4o', 'OpenAI'],
      ['claude-3-haiku', 'Anthropic'],
      ['gemini-1.5-pro', 'Google'],
    ] as const;
    for (const [model, name] of cases) {
      const reply = await as(REWRITE, { model, prompt: 'p', text: 't' });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual(
        envelope.ai({ success: false, error: `No API key configured for provider: ${name}` }),
      );
    }
    expect(provider.requests).toEqual([]);
  });

  it('answers success false naming the provider and status when the provider fails', async () => {
    provider.failNext({
      status: 401,
      body: { error: { message: `Incorrect API key ${OPENAI_KEY}` } },
    });
    const denied = await outcome(await call(REWRITE, { model: 'gpt-4o', prompt: 'p', text: 't' }));
    expect(denied).toEqual({ success: false, error: expect.stringContaining('OpenAI') as string });
    expect(denied.error).toContain('401');
    expect(denied.error).not.toContain(OPENAI_KEY);

    provider.failNext({ status: 529 });
    const busy = await outcome(
      await call(REWRITE, { model: 'claude-3-haiku', prompt: 'p', text: 't' }),
    );
    expect(busy.success).toBe(false);
    expect(busy.error).toMatch(/Anthropic.*529/);

    provider.failNext('malformed');
    const odd = await outcome(
      await call(REWRITE, { model: 'gemini-1.5-pro', prompt: 'p', text: 't' }),
    );
    expect(odd.success).toBe(false);
    expect(odd.error).toMatch(/Google.*200/);

    provider.failNext('drop');
    const dropped = await outcome(await call(REWRITE, { model: 'gpt-4o', prompt: 'p', text: 't' }));
    expect(dropped.success).toBe(false);
    expect(dropped.error).toMatch(/^OpenAI could not be reached/);

    // And the next call works again.
    const fine = await outcome(await call(REWRITE, { model: 'gpt-4o', prompt: 'p', text: 'ok' }));
    expect(fine).toEqual({ success: true, text: rewritten('ok') });
  });

  it('shows the keys masked to the admin read, never in clear', async () => {
    const reply = await request(
      `${emu.url}/_emulator/ai-keys/list?workspaceId=${owner.workspaceId}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      keys: [
        {
          provider: 'anthropic',
          apiKey: `****${ANTHROPIC_KEY.slice(-4)}`,
          updatedAt: expect.any(Number) as number,
        },
        {
          provider: 'google',
          apiKey: `****${GOOGLE_KEY.slice(-4)}`,
          updatedAt: expect.any(Number) as number,
        },
        {
          provider: 'openai',
          apiKey: `****${OPENAI_KEY.slice(-4)}`,
          updatedAt: expect.any(Number) as number,
        },
      ],
    });
    for (const key of [OPENAI_KEY, ANTHROPIC_KEY, GOOGLE_KEY])
      expect(reply.text).not.toContain(key);
  });

  it('refuses bad admin calls', async () => {
    const set = (body: unknown) => adminPost(emu.url, 'ai-keys', body);
    const workspaceId = owner.workspaceId;
    expectError(
      await set({ workspaceId, provider: 'mistral', apiKey: 'k' }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await set({ workspaceId, provider: 'openai', apiKey: '' }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(await set({ workspaceId, provider: 'openai' }), 400, 'INVALID_ARGUMENT');
    expectError(
      await set({ workspaceId: 'nope', provider: 'openai', apiKey: 'k' }),
      404,
      'NOT_FOUND',
    );
    expectError(await request(`${emu.url}/_emulator/ai-keys/list`), 400, 'INVALID_ARGUMENT');
    expectError(
      await request(`${emu.url}/_emulator/ai-keys/list?workspaceId=nope`),
      404,
      'NOT_FOUND',
    );
  });

  it('uses a key set later in place of the old one', async () => {
    const newKey = 'sk-replaced-key-9876543210';
    await adminPost(emu.url, 'ai-keys', {
      workspaceId: owner.workspaceId,
      provider: 'openai',
      apiKey: newKey,
    });
    await call(REWRITE, { model: 'gpt-4o-mini', prompt: 'p', text: 't' });
    expect(provider.requests[0]?.headers.authorization).toBe(`Bearer ${newKey}`);
    await adminPost(emu.url, 'ai-keys', {
      workspaceId: owner.workspaceId,
      provider: 'openai',
      apiKey: OPENAI_KEY,
    });
  });
});

describe('AI rewrite when the provider is slow or away', () => {
  let emulator: RunningEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });

  it('gives up after the timeout', async () => {
    emulator = await startEmulator({
      seed: seedFile({ openai: OPENAI_KEY }),
      aiProviderUrls: { openai: provider.url },
      aiTimeoutMs: 300,
    });
    const call = callAs(emulator, emulator.seeded[0] as SeededWorkspace);
    provider.failNext('hang');
    const started = Date.now();
    const result = await outcome(await call(REWRITE, { model: 'gpt-4o', prompt: 'p', text: 't' }));
    expect(result).toEqual({ success: false, error: 'OpenAI did not answer within 300 ms.' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports a provider nothing answers at', async () => {
    emulator = await startEmulator({
      seed: seedFile({ anthropic: ANTHROPIC_KEY }),
      aiProviderUrls: { anthropic: `http://127.0.0.1:${await closedPort()}` },
    });
    const call = callAs(emulator, emulator.seeded[0] as SeededWorkspace);
    const result = await outcome(
      await call(REWRITE, { model: 'claude-3-haiku', prompt: 'p', text: 't' }),
    );
    expect(result).toEqual({
      success: false,
      error: 'Anthropic could not be reached (ECONNREFUSED).',
    });
  });

  it('does not start with a bad provider URL or timeout', async () => {
    for (const options of [
      { aiProviderUrls: { openai: 'not a url' } },
      { aiProviderUrls: { google: 'ftp://example.com' } },
      { aiProviderUrls: { anthropic: 'http://example.com/?q=1' } },
      { aiTimeoutMs: 0 },
    ]) {
      const started = startEmulator(options);
      await expect(started).rejects.toBeInstanceOf(EmulatorError);
      await expect(started).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
    }
  });
});

describe('AI provider keys at rest', () => {
  it('are encrypted in the data directory and still usable after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-ai-data-'));
    try {
      const urls = { openai: provider.url, google: provider.url };
      const first = await startEmulator({
        dataDir,
        seed: seedFile({ openai: OPENAI_KEY }),
        aiProviderUrls: urls,
      });
      const owner = first.seeded[0] as SeededWorkspace;
      await adminPost(first.url, 'ai-keys', {
        workspaceId: owner.workspaceId,
        provider: 'google',
        apiKey: GOOGLE_KEY,
      });
      await first.close();

      const keyFile = join(dataDir, 'emulator.key');
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const files = readdirSync(dataDir).filter((name) => name !== 'emulator.key');
      expect(files).toContain('emulator.db');
      for (const name of files) {
        const bytes = readFileSync(join(dataDir, name));
        for (const key of [OPENAI_KEY, GOOGLE_KEY]) {
          expect(bytes.includes(key)).toBe(false);
          expect(bytes.includes(Buffer.from(key, 'utf16le'))).toBe(false);
        }
      }
      // The rows are there, sealed.
      expect(readFileSync(join(dataDir, 'emulator.db')).includes('openai')).toBe(true);

      const second = await startEmulator({ dataDir, aiProviderUrls: urls });
      try {
        const call = callAs(second, owner);
        for (const [model, header, value] of [
          ['gpt-4o', 'authorization', `Bearer ${OPENAI_KEY}`],
          ['gemini-1.5-flash', 'x-goog-api-key', GOOGLE_KEY],
        ] as const) {
          provider.requests.length = 0;
          const result = await outcome(await call(REWRITE, { model, prompt: 'p', text: 'again' }));
          expect(result).toEqual({ success: true, text: rewritten('again') });
          expect(provider.requests[0]?.headers[header]).toBe(value);
        }
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers success false when the key file no longer matches the stored keys', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-ai-data-'));
    try {
      const first = await startEmulator({ dataDir, seed: seedFile({ openai: OPENAI_KEY }) });
      const owner = first.seeded[0] as SeededWorkspace;
      await first.close();
      rmSync(join(dataDir, 'emulator.key'));
      const second = await startEmulator({ dataDir, aiProviderUrls: { openai: provider.url } });
      try {
        const result = await outcome(
          await callAs(second, owner)(REWRITE, { model: 'gpt-4o', prompt: 'p', text: 't' }),
        );
        expect(result.success).toBe(false);
        expect(result.error).toMatch(/OpenAI.*cannot be decrypted/);
        expect(provider.requests).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the aiKeys fixture member', () => {
  it.each([
    ['an unknown provider', { mistral: 'k' }, 'workspaces[0].aiKeys'],
    ['an empty key', { openai: '' }, 'workspaces[0].aiKeys.openai'],
  ])('refuses %s, naming the field', async (_case, aiKeys, field) => {
    const path = seedFile(aiKeys);
    await expect(startEmulator({ seed: path })).rejects.toThrow(
      `Invalid fixture ${path}: ${field}:`,
    );
  });
});

describe('the provider URL flags', () => {
  const base = { port: 0, host: '127.0.0.1' };

  it('pass the URLs given to the emulator, and none otherwise', () => {
    expect(
      parseServerFlags({
        ...base,
        openaiUrl: 'http://127.0.0.1:8099',
        anthropicUrl: 'http://localhost:8098',
        googleUrl: 'https://gemini.example.com',
      }).aiProviderUrls,
    ).toEqual({
      openai: 'http://127.0.0.1:8099',
      anthropic: 'http://localhost:8098',
      google: 'https://gemini.example.com',
    });
    expect(parseServerFlags({ ...base, googleUrl: 'http://[::1]:1' }).aiProviderUrls).toEqual({
      google: 'http://[::1]:1',
    });
    expect(parseServerFlags(base).aiProviderUrls).toEqual({});
  });

  it('refuse plain http to another machine, where the key would travel in clear', () => {
    expect(() => parseServerFlags({ ...base, openaiUrl: 'http://ai.example.invalid' })).toThrow(
      /--openai-url \(or SVC_EMULATOR_OPENAI_URL\) http:\/\/ai\.example\.invalid is plain http/,
    );
    expect(() => parseServerFlags({ ...base, googleUrl: 'http://192.0.2.7:80' })).toThrow(
      UsageError,
    );
    expect(
      parseServerFlags({ ...base, openaiUrl: 'http://ai.example.invalid', insecure: true })
        .aiProviderUrls,
    ).toEqual({ openai: 'http://ai.example.invalid' });
  });
});
