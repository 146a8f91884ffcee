import type { HttpClient } from '../../../src/http/client.js';
import { Redactor } from '../../../src/http/redact.js';
import type { AuditEntry } from '../../../src/mcp/audit.js';
import { ConfirmationTokens } from '../../../src/mcp/confirmation.js';
import { isQuestion, type Question, type Runtime } from '../../../src/mcp/runtime.js';
import type { ToolResult } from '../../../src/mcp/results.js';

const BASE_URL = 'https://collab.example.test';

/**
 * A runtime whose HTTP client answers every call with `answer` (or throws it, when it is an
 * Error), for checking how svc words what the service says without a service.
 */
export function fakeRuntime(answer: (data: unknown) => unknown, redactor = new Redactor()) {
  const audit: AuditEntry[] = [];
  const sent: unknown[] = [];
  const client = {
    call: (_op: unknown, data: unknown) => {
      sent.push(data);
      const value = answer(data);
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    },
    describe: (op: { path: string }, data: unknown) => ({
      method: 'POST',
      url: `${BASE_URL}${op.path}`,
      headers: {},
      body: { data },
    }),
  } as unknown as HttpClient;
  const rt: Runtime = {
    client: () => Promise.resolve(client),
    redactor,
    tokens: new ConfirmationTokens(60_000, () => Date.now()),
    // As with --allow-destructive: the calls that replace data are asked about, not refused.
    allowDestructive: true,
    revealSecrets: false,
    now: () => Date.now(),
    sleep: () => Promise.resolve(),
    audit: { write: (entry) => audit.push(entry), close: () => undefined },
    target: { baseUrl: BASE_URL, workspaceId: 'ws-fake' },
  };
  return { rt, audit, sent };
}

export const noProgress = {
  signal: new AbortController().signal,
  progress: () => Promise.resolve(),
};

/** A tool's answer where a result is expected, not a question for the person. */
export function resultOf(answer: ToolResult | Question): ToolResult {
  if (isQuestion(answer)) throw new Error(`expected a result, got a question: ${answer.question}`);
  return answer;
}
