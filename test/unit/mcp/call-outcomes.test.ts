import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { toolNames } from '../../../src/commands/mcp/tool-names.js';
import { selectServed } from '../../../src/mcp/flags.js';
import { buildServer, type Unserved } from '../../../src/mcp/server.js';
import { toolSpecs } from '../../../src/mcp/tools.js';
import { fakeRuntime } from './fake-runtime.js';

type Reply =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' | 'cancel' };

/**
 * The server and the SDK's client, joined in process; with `reply`, the client declares
 * form elicitation and answers every question so. `allowDestructive` as the flag would set.
 */
async function pair(
  tools: string[],
  options: {
    reply?: Reply;
    data?: (request: unknown) => unknown;
    allowDestructive?: boolean;
    unserved?: Unserved[];
  } = {},
) {
  const { rt, audit, sent } = fakeRuntime((request) => ({
    data: options.data ? options.data(request) : {},
  }));
  rt.allowDestructive = options.allowDestructive === true;
  const server = buildServer(rt, toolSpecs(toolNames, tools), options.unserved);
  const client = new Client(
    { name: 'test', version: '1.0.0' },
    options.reply ? { capabilities: { elicitation: { form: {} } } } : {},
  );
  const asked: string[] = [];
  const logged: { level: string; data: unknown }[] = [];
  if (options.reply) {
    const reply = options.reply;
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push((request.params as { message: string }).message);
      return Promise.resolve(reply);
    });
  }
  client.setNotificationHandler('notifications/message', (n) => {
    logged.push(n.params as { level: string; data: unknown });
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { client, asked, audit, sent, logged, close: () => client.close() };
}

type Result = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: Result) => (r.content as { text: string }[]).map((c) => c.text).join('\n');
const example = (name: string) =>
  toolSpecs(toolNames, [name])[0]?.op.example.data as Record<string, unknown>;

const clients = [
  ['without elicitation', undefined],
  ['with elicitation', { action: 'accept', content: { confirm: true } }],
] as const;

describe('adding is not destroying', () => {
  // Every tool whose operation says which of its requests replace data (overwritesWhen).
  const sometimes = toolNames.filter((t) => t.replacesSome).map((t) => t.name);

  it('serves the tools of which only some calls replace data by default', () => {
    expect(sometimes).toContain('activities_add');
    const served = selectServed({}, toolNames).served;
    for (const name of sometimes) expect(served).toContain(name);
  });

  for (const [label, reply] of clients) {
    it(`acts at once on activities_add without an item id, ${label}`, async () => {
      const data = () => ({ success: true, message: 'added' });
      const s = await pair(['activities_add'], { ...(reply && { reply }), data });
      try {
        const activities = (example('activities_add').activities as object[]).map((a) => {
          const { id: _, ...rest } = a as { id?: string };
          return rest;
        });
        const result = await s.client.callTool({
          name: 'activities_add',
          arguments: { ...example('activities_add'), activities },
        });
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(s.sent).toHaveLength(1);
        expect(s.asked).toEqual([]);
      } finally {
        await s.close();
      }
    });

    it(`refuses activities_add with an item id without --allow-destructive, naming it, ${label}`, async () => {
      const s = await pair(['activities_add'], reply ? { reply } : {});
      try {
        const result = await s.client.callTool({
          name: 'activities_add',
          arguments: example('activities_add'),
        });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain('--allow-destructive');
        expect(textOf(result)).toContain('1 item(s) carry id');
        expect(s.sent).toEqual([]);
        expect(s.asked).toEqual([]);
      } finally {
        await s.close();
      }
    });

    it(`confirms activities_add with an item id under --allow-destructive, ${label}`, async () => {
      const s = await pair(['activities_add'], {
        ...(reply && { reply }),
        allowDestructive: true,
      });
      try {
        const result = await s.client.callTool({
          name: 'activities_add',
          arguments: example('activities_add'),
        });
        if (reply) {
          expect(s.asked).toHaveLength(1);
          // The read of the activities of those ids, for the question, then the call.
          expect(s.sent).toEqual([
            { organizationId: 'acme', activityIds: ['plan-comment-1'] },
            example('activities_add'),
          ]);
        } else {
          expect(result.structuredContent).toHaveProperty('confirmationToken');
          expect(s.sent).toEqual([]);
        }
      } finally {
        await s.close();
      }
    });
  }
});

describe('failure is failure', () => {
  for (const [label, reply] of clients) {
    it(`answers a bulk call whose every item failed as an error, ${label}`, async () => {
      const data = () => ({
        alice: { success: false, message: 'no such user' },
        bob: { success: false, message: 'no such user' },
      });
      const s = await pair(['groups_members_add'], { ...(reply && { reply }), data });
      try {
        const result = await s.client.callTool({
          name: 'groups_members_add',
          arguments: example('groups_members_add'),
        });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain('failed: 2 of 2 item(s) failed');
        expect(s.audit.at(-1)?.outcome).toBe('failed');
      } finally {
        await s.close();
      }
    });

    it(`says which flag serves a tool it does not serve, ${label}`, async () => {
      const s = await pair(['docs_list'], {
        ...(reply && { reply }),
        unserved: [
          { name: 'docs_disable', reason: 'destructive: served with --allow-destructive' },
        ],
      });
      try {
        const result = await s.client.callTool({
          name: 'docs_disable',
          arguments: { organizationId: 'acme', documentIds: ['plan'] },
        });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toBe(
          'docs_disable is not served by this svc mcp: destructive: served with --allow-destructive. Nothing was done.',
        );
        expect(s.sent).toEqual([]);
      } finally {
        await s.close();
      }
    });
  }

  it('keeps a call where some items failed a success that says so', async () => {
    const data = () => ({
      alice: { success: true, message: 'added' },
      bob: { success: false, message: 'no such user' },
    });
    const s = await pair(['groups_members_add'], { data });
    try {
      const result = await s.client.callTool({
        name: 'groups_members_add',
        arguments: example('groups_members_add'),
      });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('1 of 2 item(s) failed');
    } finally {
      await s.close();
    }
  });
});

describe('log notifications', () => {
  it('tell the client how each call ended, at the level it set', async () => {
    const s = await pair(['docs_list']);
    try {
      await s.client.callTool({ name: 'docs_list', arguments: { organizationId: 'acme' } });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(s.logged).toEqual([
        { level: 'info', logger: 'svc', data: { tool: 'docs_list', outcome: 'ok' } },
      ]);
      await s.client.setLoggingLevel('warning');
      await s.client.callTool({ name: 'docs_list', arguments: { organizationId: 'acme' } });
      await s.client.callTool({
        name: 'docs_list',
        arguments: { organizationId: 'acme', limit: 0 },
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(s.logged.slice(1)).toEqual([
        expect.objectContaining({
          level: 'warning',
          data: expect.objectContaining({ outcome: 'invalid' }),
        }),
      ]);
    } finally {
      await s.close();
    }
  });
});

describe('the audit log of calls that ask', () => {
  for (const [reply, person] of [
    [{ action: 'accept', content: { confirm: true } }, 'accepted'],
    [{ action: 'decline' }, 'declined'],
    [{ action: 'cancel' }, 'cancelled'],
  ] as const) {
    it(`records how the person answered: ${person}`, async () => {
      const s = await pair(['docs_disable'], { reply });
      try {
        await s.client.callTool({
          name: 'docs_disable',
          arguments: { organizationId: 'acme', documentIds: ['plan'] },
        });
        expect(s.audit.map((e) => [e.outcome, e.person])).toEqual([
          ['preview', undefined],
          [person === 'accepted' ? 'ok' : 'refused', person],
        ]);
      } finally {
        await s.close();
      }
    });
  }

  it('records that the person accepted when the act then failed', async () => {
    const { rt, audit } = fakeRuntime(() => new Error('the service went away'));
    const server = buildServer(rt, toolSpecs(toolNames, ['docs_disable']));
    const client = new Client(
      { name: 'test', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', () =>
      Promise.resolve({ action: 'accept' as const, content: { confirm: true } }),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      await client.callTool({
        name: 'docs_disable',
        arguments: { organizationId: 'acme', documentIds: ['plan'] },
      });
      expect(audit.at(-1)).toMatchObject({ outcome: 'error', person: 'accepted' });
    } finally {
      await client.close();
    }
  });
});

describe('users_purge_status', () => {
  for (const [label, reply] of clients) {
    it(`never reports progress going back, across calls, ${label}`, async () => {
      // The service counts tasks left: 5, then 3, then 4 (it found more), then 1.
      const left = [5, 3, 4, 1];
      const data = () => ({ isDeleteCompleted: false, tasksLeft: left.shift() ?? 0 });
      const s = await pair(['users_purge_status'], { ...(reply && { reply }), data });
      try {
        const said: string[] = [];
        for (let i = 0; i < 4; i++) {
          const result = await s.client.callTool({
            name: 'users_purge_status',
            arguments: { jobId: 'job-1' },
          });
          said.push(/(\d+) of (\d+) task/.exec(textOf(result))?.slice(1).join('/') ?? '');
        }
        expect(said).toEqual(['0/5', '2/5', '2/5', '4/5']);
      } finally {
        await s.close();
      }
    });
  }
});

describe('the question put to the person', () => {
  it("shows the items' content, shortened, with the count of what was cut", async () => {
    const users = Array.from({ length: 12 }, (_, i) => ({
      userId: `u${i}`,
      name: `User ${i} ${'x'.repeat(300)}`,
    }));
    const a = await pair(['activities_add'], {
      reply: { action: 'decline' },
      allowDestructive: true,
      data: (request) =>
        (request as { activityIds?: string[] }).activityIds
          ? [{ id: 'plan-comment-1', displayMessageTemplate: 'the old message' }]
          : {},
    });
    try {
      const activities: Record<string, unknown>[] = users.map((u, i) => ({
        ...((example('activities_add').activities as object[])[0] as object),
        id: i === 0 ? 'plan-comment-1' : `a${i}`,
        displayMessageTemplate: u.name,
      }));
      await a.client.callTool({
        name: 'activities_add',
        arguments: { ...example('activities_add'), activities },
      });
      const question = a.asked[0] ?? '';
      expect(question).toContain('Items (data from the agent):');
      expect(question).toContain('more characters not shown');
      expect(question).toContain('… and 2 more item(s) not shown');
      // The activity of that id as it is now, beside the new one.
      expect(question).toContain('Activity "plan-comment-1" now: ');
      expect(question).toContain('the old message');
      expect(question).toContain('Activity "a1": none exists now, so nothing is replaced');
    } finally {
      await a.close();
    }
  });

  it('names whom a purge deletes, and says it cannot be undone, covers every organization and runs as a job', async () => {
    const s = await pair(['users_purge'], {
      reply: { action: 'decline' },
      allowDestructive: true,
      data: (request) =>
        (request as { userIds?: string[] }).userIds && 'organizationId' in (request as object)
          ? [{ userId: 'carol', name: 'Carol Shaw', email: 'carol@example.com' }]
          : [{ id: 'acme' }, { id: 'globex' }],
    });
    try {
      await s.client.callTool({ name: 'users_purge', arguments: { userIds: ['carol', 'dan'] } });
      const question = s.asked[0] ?? '';
      expect(question).toContain('in every organization of the workspace');
      expect(question).toContain('It cannot be undone. It runs as a job');
      expect(question).toContain('User "carol": name "Carol Shaw", email "carol@example.com"');
      expect(question).toContain('User "dan": not found in the organizations read');
    } finally {
      await s.close();
    }
  });

  it('shows the editor content a CRDT update replaces beside the new content', async () => {
    const s = await pair(['crdt_update'], {
      reply: { action: 'decline' },
      allowDestructive: true,
      data: () => [{ id: 'title', data: 'The old title' }],
    });
    try {
      await s.client.callTool({
        name: 'crdt_update',
        arguments: { ...example('crdt_update'), data: 'New' },
      });
      expect(s.asked[0]).toContain('Content now: "The old title"');
      expect(s.asked[0]).toContain('Content then: "New"');
    } finally {
      await s.close();
    }
  });
});

describe('rules a call must keep', () => {
  for (const [label, reply] of clients) {
    it(`are spelled out in the error: the filter combinations of notifications_list, ${label}`, async () => {
      const s = await pair(['notifications_list'], reply ? { reply } : {});
      try {
        const result = await s.client.callTool({
          name: 'notifications_list',
          arguments: { organizationId: 'acme', locationId: 'l1' },
        });
        expect(result.isError).toBe(true);
        expect(textOf(result)).not.toContain('as documented');
        expect(textOf(result)).toContain('documentId + locationId');
        expect(textOf(result)).toContain('userId + notificationIds');
      } finally {
        await s.close();
      }
    });
  }
});
