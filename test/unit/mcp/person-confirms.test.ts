import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../src/mcp/server.js';
import { toolSpecs } from '../../../src/mcp/tools.js';
import { fakeRuntime } from './fake-runtime.js';

type Reply =
  { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' };

/**
 * svc mcp's server and the SDK's own client, joined in process. With `reply`, the client
 * declares form elicitation and answers each question so, keeping what it was asked.
 */
async function pair(reply?: Reply) {
  const { rt, audit, sent } = fakeRuntime(() => ({ data: {} }));
  const server = buildServer(rt, toolSpecs(['docs_disable', 'docs_list']));
  const client = new Client(
    { name: 'test', version: '1.0.0' },
    reply ? { capabilities: { elicitation: { form: {} } } } : {},
  );
  const asked: string[] = [];
  if (reply) {
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push((request.params as { message: string }).message);
      return Promise.resolve(reply);
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { client, asked, audit, sent, close: () => client.close() };
}

type Result = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: Result) => (r.content as { text: string }[]).map((c) => c.text).join('\n');

const hostileName = 'plan\u001b]0;pwned\u0007\u009b31m';
const disable = {
  name: 'docs_disable',
  arguments: { organizationId: 'acme', documentIds: [hostileName, 'notes', 'roadmap'] },
};

describe('a destructive call, where the client can ask the person', () => {
  it('asks them with the preview, and acts when they accept', async () => {
    const s = await pair({ action: 'accept', content: { confirm: true } });
    try {
      const result = await s.client.callTool(disable);
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('docs_disable: done.');
      expect(s.sent).toEqual([{ ...disable.arguments, disabled: true }]);
      expect(s.asked).toHaveLength(1);
      const question = s.asked[0] ?? '';
      expect(question).toContain('docs_disable');
      expect(question).toContain(
        'Items: 3; they are: "plan\\u001b]0;pwned\\u0007\\x9b31m", "notes", "roadmap"',
      );
      expect(question).toContain('Service: "https://collab.example.test"');
      expect(question).toContain('Workspace: "ws-fake"');
      // No control character reaches the person's screen.
      // eslint-disable-next-line no-control-regex
      expect(question).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      // The model is never handed a token to relay.
      expect(JSON.stringify(result)).not.toContain('confirmationToken');
      expect(s.audit.map((a) => a.outcome)).toEqual(['preview', 'ok']);
    } finally {
      await s.close();
    }
  });

  for (const [reply, words] of [
    [{ action: 'decline' }, 'the user declined'],
    [{ action: 'cancel' }, 'the user cancelled'],
    [{ action: 'accept', content: { confirm: false } }, 'the user declined'],
  ] as const) {
    it(`changes nothing when they answer ${JSON.stringify(reply)}`, async () => {
      const s = await pair(reply);
      try {
        const result = await s.client.callTool(disable);
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain(`docs_disable did nothing: ${words}.`);
        expect(s.sent).toEqual([]);
        expect(s.audit.map((a) => [a.outcome, a.reason])).toEqual([
          ['preview', 'the user is asked to confirm'],
          ['refused', words],
        ]);
      } finally {
        await s.close();
      }
    });
  }

  it('takes no token from the model', async () => {
    const s = await pair({ action: 'accept', content: { confirm: true } });
    try {
      const result = await s.client.callTool({
        ...disable,
        arguments: { ...disable.arguments, confirmationToken: 'anything.1.x' },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('confirmationToken is not taken');
      expect(s.asked).toEqual([]);
      expect(s.sent).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('a destructive call, where the client cannot ask the person', () => {
  it('answers a preview and a token that the model relays, as before', async () => {
    const s = await pair();
    try {
      const preview = await s.client.callTool(disable);
      const { confirmationToken, preview: shown } = preview.structuredContent as {
        confirmationToken: string;
        preview: { count: number; firstIds: string[] };
      };
      expect(shown).toMatchObject({ count: 3, firstIds: [hostileName, 'notes', 'roadmap'] });
      expect(s.sent).toEqual([]);
      const done = await s.client.callTool({
        ...disable,
        arguments: { ...disable.arguments, confirmationToken },
      });
      expect(done.isError).toBeFalsy();
      expect(s.sent).toHaveLength(1);
      expect(s.audit.map((a) => a.outcome)).toEqual(['preview', 'ok']);
    } finally {
      await s.close();
    }
  });
});
