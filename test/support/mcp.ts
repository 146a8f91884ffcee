import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SVC } from './e2e.js';

export interface AuditLine {
  tool: string;
  outcome: string;
  reason?: string;
  arguments: unknown;
}

export interface McpSession {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** The audit lines on stderr so far. */
  audit(): AuditLine[];
  /**
   * The audit lines once there are `count`: a line reaches stderr, another pipe, after or
   * before the answer it is about reaches the client.
   */
  auditOf(count: number): Promise<AuditLine[]>;
  close(): Promise<void>;
}

/** How a client's person answers a form: what the SDK's elicitation handler returns. */
export type ElicitReply =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' | 'cancel' };

/**
 * The built `svc mcp ...args`, connected to the SDK's own client over stdio: by the 2025
 * `initialize` handshake that clients use today, or with `modern`, by the 2026-07-28
 * protocol's negotiation. With `elicit`, the client declares form elicitation and its
 * handler answers each form with what `elicit` returns for the form's message.
 */
export async function connectMcp(
  args: string[],
  env: Record<string, string>,
  { modern = false, elicit }: { modern?: boolean; elicit?: (message: string) => ElicitReply } = {},
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: SVC,
    args: ['mcp', ...args],
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client(
    { name: 'svc-e2e', version: '1.0.0' },
    {
      ...(modern && { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
      ...(elicit && { capabilities: { elicitation: { form: {} } } }),
    },
  );
  if (elicit) {
    client.setRequestHandler('elicitation/create', (request) =>
      Promise.resolve(elicit((request.params as { message: string }).message)),
    );
  }
  await client.connect(transport);
  const audit = () =>
    stderr
      .split('\n')
      .filter((line) => line.startsWith('{"audit"'))
      .map((line) => (JSON.parse(line) as { audit: AuditLine }).audit);
  return {
    client,
    stderr: () => stderr,
    audit,
    async auditOf(count) {
      for (let i = 0; i < 200 && audit().length < count; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return audit();
    },
    close: () => client.close(),
  };
}

/**
 * `svc mcp` spoken to byte for byte: JSON-RPC lines written to its stdin, and everything it
 * writes kept, to check what reaches stdout and stderr themselves.
 */
export function rawMcp(args: string[], env: Record<string, string>) {
  const child = spawn(SVC, ['mcp', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiting = new Map<number, (message: unknown) => void>();
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as { id?: number };
      if (message.id !== undefined) waiting.get(message.id)?.(message);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let id = 0;
  return {
    request(method: string, params: unknown): Promise<unknown> {
      id += 1;
      const answered = new Promise((resolve) => waiting.set(id, resolve));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return answered;
    },
    notify(method: string, params?: unknown): void {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
    },
    /** Closes stdin, as a client does when it is done, and waits for the exit code. */
    async end(): Promise<{ code: number | null; stdout: string; stderr: string }> {
      child.stdin.end();
      const code = await exited;
      return { code, stdout, stderr };
    },
  };
}
