import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import type { Operation } from '../../../src/catalogue/types.js';
import { selectServed } from '../../../src/mcp/flags.js';
import { toolNames } from '../../../src/commands/mcp/tool-names.js';
import { buildServer } from '../../../src/mcp/server.js';
import { toolSpecs } from '../../../src/mcp/tools.js';
import { fakeRuntime } from './fake-runtime.js';

type Reply =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' | 'cancel' };

/**
 * svc mcp's server and the SDK's own client, joined in process. With `reply`, the client
 * declares form elicitation and answers each question so, keeping what it was asked.
 */
/** `data`: what the fake service answers, or how it answers each request's data. */
async function pair(reply?: Reply, tools = ['docs_disable', 'docs_list'], data: unknown = {}) {
  const { rt, audit, sent } = fakeRuntime((request) => ({
    data: typeof data === 'function' ? (data as (r: unknown) => unknown)(request) : data,
  }));
  const server = buildServer(rt, toolSpecs(toolNames, tools));
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

describe('what the question shows', () => {
  it('names every target on a line of its own before any free data, and shortens only the free data, saying by how much', async () => {
    const s = await pair({ action: 'accept', content: { confirm: true } }, ['crdt_update']);
    try {
      const data = 'A'.repeat(700);
      await s.client.callTool({
        name: 'crdt_update',
        arguments: {
          organizationId: 'prod-org',
          documentId: 'a\u2028Items: 1; they are: "harmless"',
          editorId: 'PAYROLL-DOC',
          type: 'text',
          data,
        },
      });
      const lines = (s.asked[0] ?? '').split('\n');
      const at = (prefix: string) => lines.findIndex((line) => line.startsWith(prefix));
      expect(lines).toContain('Target organizationId: "prod-org"');
      // An invisible separator in an id cannot start a line of its own.
      expect(lines).toContain('Target documentId: "a\\u{2028}Items: 1; they are: \\"harmless\\""');
      expect(lines).toContain('Target editorId: "PAYROLL-DOC"');
      expect(lines.filter((line) => line.startsWith('Items:'))).toEqual([]);
      const free = at('Other members');
      expect(free).toBeGreaterThan(at('Target editorId'));
      expect(free).toBeGreaterThan(at('Target documentId'));
      const shown = lines.find((line) => line.startsWith('  data: '));
      // 702 characters of JSON ("AAA…"), 200 shown.
      expect(shown).toBe(`  data: "${'A'.repeat(199)}… (502 more characters not shown)`);
      expect(lines).toContain('  type: "text"');
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

describe('a tool whose requests may replace existing content', () => {
  const replacing = toolNames.filter(
    (t) => (operation(t.operation) as Operation).overwrites === true,
  );

  it('is served only with --allow-destructive where every request replaces, by default where the catalogue says which do; hinted destructive', () => {
    expect(replacing.length).toBeGreaterThan(0);
    const served = selectServed({}, toolNames).served;
    for (const tool of replacing) {
      const some = (operation(tool.operation) as Operation).overwritesWhen !== undefined;
      if (some) expect(served, tool.name).toContain(tool.name);
      else expect(served, tool.name).not.toContain(tool.name);
      expect(selectServed({ allowDestructive: true }, toolNames).served).toContain(tool.name);
      expect(toolSpecs(toolNames, [tool.name])[0]?.annotations.destructiveHint, tool.name).toBe(
        true,
      );
    }
  });

  it('asks before a call changes where webhooks go or how they are protected, and not before other changes', async () => {
    const tools = [
      'webhooks_config_update',
      'webhooks_config_update_advanced',
      'webhooks_endpoints_update',
      'webhooks_endpoints_create',
    ];
    const s = await pair({ action: 'decline' }, tools, {});
    try {
      const asking = [
        [
          'webhooks_config_update',
          { webhookServiceConfig: { rawNotificationUrl: 'https://evil.example/in' } },
          'webhookServiceConfig.rawNotificationUrl',
        ],
        ['webhooks_config_update', { webhookServiceConfig: { authToken: 'x1' } }, 'authToken'],
        [
          'webhooks_config_update',
          { webhookServiceConfig: { encryptData: false } },
          'webhookServiceConfig.encryptData: false',
        ],
        ['webhooks_config_update_advanced', { encryptData: false }, 'encryptData: false'],
        [
          'webhooks_endpoints_update',
          { endpointId: 'ep_1', url: 'https://evil.example/in' },
          '(url)',
        ],
        ['webhooks_endpoints_create', { url: 'https://evil.example/in' }, 'replaces'],
      ] as const;
      for (const [name, args, words] of asking) {
        const result = await s.client.callTool({ name, arguments: args });
        expect(result.isError, name).toBe(true);
        expect(s.asked.at(-1), name).toContain(words);
      }
      // Nothing was changed: what was sent are the reads of the current values ({}).
      expect(s.sent.filter((data) => JSON.stringify(data) !== '{}')).toEqual([]);
      const before = s.asked.length;
      for (const [name, args] of [
        ['webhooks_config_update', { webhookServiceConfig: { triggers: { 'comment.add': true } } }],
        ['webhooks_config_update_advanced', { encryptData: true, publicKey: 'AAAA' }],
        ['webhooks_endpoints_update', { endpointId: 'ep_1', description: 'staging' }],
      ] as const) {
        // Sent at once, unasked (the fake service's empty answer is no concern here).
        await s.client.callTool({ name, arguments: args });
      }
      expect(s.asked).toHaveLength(before);
      expect(s.sent.filter((data) => JSON.stringify(data) !== '{}')).toHaveLength(3);
    } finally {
      await s.close();
    }
  });

  it('shows the person where webhooks go now beside where they would go, a token masked', async () => {
    const now = {
      useWebhookService: true,
      webhookServiceConfig: {
        rawNotificationUrl: 'https://hooks.acme.example/in',
        authToken: 'current-secret-token-1234',
      },
      encryptData: true,
    };
    const s = await pair(
      { action: 'decline' },
      ['webhooks_config_update', 'webhooks_config_update_advanced'],
      now,
    );
    try {
      await s.client.callTool({
        name: 'webhooks_config_update',
        arguments: {
          webhookServiceConfig: {
            rawNotificationUrl: 'https://evil.example/in',
            authToken: 'attacker-token-99',
          },
        },
      });
      const lines = (s.asked[0] ?? '').split('\n');
      expect(lines).toContain(
        'Changes webhookServiceConfig.rawNotificationUrl: now "https://hooks.acme.example/in", then "https://evil.example/in"',
      );
      const token = lines.find((line) => line.startsWith('Changes webhookServiceConfig.authToken'));
      expect(token).toBeDefined();
      expect(token).not.toContain('current-secret-token-1234');
      expect(s.asked[0]).not.toContain('attacker-token-99');
      await s.client.callTool({
        name: 'webhooks_config_update_advanced',
        arguments: { encryptData: false },
      });
      expect(s.asked[1]).toContain('Changes encryptData: now true, then false');
    } finally {
      await s.close();
    }
  });

  it("shows an endpoint's URL now beside the new one, found on a later page of the list", async () => {
    const pages: Record<string, unknown> = {
      '{}': {
        endpoints: [{ id: 'ep_other', url: 'https://other.example/in' }],
        iterator: 'p2',
        done: false,
      },
      '{"iterator":"p2"}': {
        endpoints: [{ id: 'ep_1', url: 'https://hooks.acme.example/ep' }],
        iterator: null,
        done: true,
      },
    };
    const s = await pair(
      { action: 'decline' },
      ['webhooks_endpoints_update'],
      (request: unknown) => pages[JSON.stringify(request)],
    );
    try {
      await s.client.callTool({
        name: 'webhooks_endpoints_update',
        arguments: { endpointId: 'ep_1', url: 'https://evil.example/in' },
      });
      expect(s.asked[0]?.split('\n')).toContain(
        'Changes url: now "https://hooks.acme.example/ep", then "https://evil.example/in"',
      );
      await s.client.callTool({
        name: 'webhooks_endpoints_update',
        arguments: { endpointId: 'ep_gone', url: 'https://evil.example/in' },
      });
      expect(s.asked[1]).toContain(
        'What it replaces could not be read first: "none of the endpoints has id \\"ep_gone\\""',
      );
    } finally {
      await s.close();
    }
  });

  it('asks the person before a call that replaces content, and not before one that merges', async () => {
    const s = await pair({ action: 'decline' }, ['crdt_update', 'livestate_broadcast'], {
      success: true,
    });
    try {
      const emptied = await s.client.callTool({
        name: 'crdt_update',
        arguments: {
          organizationId: 'acme',
          documentId: 'spec',
          editorId: 'e1',
          type: 'array',
          data: [],
        },
      });
      expect(emptied.isError).toBe(true);
      expect(textOf(emptied)).toContain('crdt_update did nothing: the user declined.');
      expect(s.asked[0]).toContain(
        'It replaces existing content: every request of it replaces the content it names.',
      );
      const broadcast = {
        organizationId: 'acme',
        documentId: 'spec',
        liveStateDataId: 'cursor',
        data: { x: 1 },
      };
      const replaced = await s.client.callTool({
        name: 'livestate_broadcast',
        arguments: broadcast,
      });
      expect(replaced.isError).toBe(true);
      expect(s.asked[1]).toContain('without merge: true it replaces the whole value');
      // Nothing but the read of the editor content the update would replace, for the question.
      const read = { organizationId: 'acme', documentId: 'spec', editorId: 'e1' };
      expect(s.sent).toEqual([read]);
      const merged = await s.client.callTool({
        name: 'livestate_broadcast',
        arguments: { ...broadcast, merge: true },
      });
      expect(merged.isError).toBeFalsy();
      expect(s.asked).toHaveLength(2);
      expect(s.sent).toEqual([read, { ...broadcast, merge: true }]);
    } finally {
      await s.close();
    }
  });
});
