import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanEnv,
  seedWorkspaces,
  startEmulator,
  BASIC_FIXTURE,
  type Emulator,
} from '../support/e2e.js';
import { connectMcp } from '../support/mcp.js';
import { readFileSync } from 'node:fs';

const state = {} as { emulator: Emulator; env: Record<string, string> };

beforeAll(async () => {
  state.emulator = await startEmulator([]);
  const seeded = await seedWorkspaces(
    state.emulator,
    JSON.parse(readFileSync(BASIC_FIXTURE, 'utf8')) as unknown,
  );
  const workspace = seeded.workspaces[0];
  state.env = cleanEnv({
    SVC_BASE_URL: state.emulator.url,
    SVC_API_KEY: workspace?.apiKey ?? '',
    // A token the emulator does not know: the service refuses it.
    SVC_AUTH_TOKEN: 'not-the-token-of-this-key',
    SVC_WORKSPACE_ID: workspace?.workspaceId ?? '',
    SVC_WORKSPACE_TOKEN: 'not-the-token-of-this-workspace',
  });
}, 30_000);

afterAll(async () => {
  await state.emulator.stop();
});

type Session = Awaited<ReturnType<typeof connectMcp>>;
const textOf = (r: Awaited<ReturnType<Session['client']['callTool']>>) =>
  (r.content as { text: string }[]).map((c) => c.text).join('\n');

describe('svc mcp that cannot start', () => {
  const cases = [
    ['without a base URL', [], () => cleanEnv(), 'no service URL is set'],
    ['with --yes', ['--yes'], () => state.env, '--yes does not apply to svc mcp'],
    [
      'with --emulator and SVC_BASE_URL',
      ['--emulator'],
      () => state.env,
      '--emulator serves its own service: drop SVC_BASE_URL',
    ],
  ] as const;
  for (const [label, args, env, words] of cases) {
    for (const elicit of [false, true]) {
      it(`${label}: completes the handshake and answers each call with the reason${elicit ? ', to a client with elicitation' : ''}`, async () => {
        const session = await connectMcp([...args], env(), {
          ...(elicit && { elicit: () => ({ action: 'accept', content: { confirm: true } }) }),
        });
        try {
          expect(session.client.getInstructions()).toContain(words);
          expect((await session.client.listTools()).tools).toEqual([]);
          const result = await session.client.callTool({
            name: 'docs_list',
            arguments: { organizationId: 'acme' },
          });
          expect(result.isError).toBe(true);
          expect(textOf(result)).toContain(`svc mcp could not start: `);
          expect(textOf(result)).toContain(words);
        } finally {
          await session.close();
        }
      });
    }
  }
});

describe('svc mcp with credentials the service refuses', () => {
  for (const elicit of [false, true]) {
    it(`answers with the advice the CLI gives${elicit ? ', to a client with elicitation' : ''}`, async () => {
      const session = await connectMcp([], state.env, {
        ...(elicit && { elicit: () => ({ action: 'accept', content: { confirm: true } }) }),
      });
      try {
        const result = await session.client.callTool({
          name: 'docs_list',
          arguments: { organizationId: 'acme' },
        });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain('is an emulator, and it does not know these credentials');
      } finally {
        await session.close();
      }
    });
  }
});
