import type { HttpClient } from '../http/client.js';
import type { ApiResult } from '../http/envelope.js';
import { replaceSecretFields, mask, type Redactor } from '../http/redact.js';
import type { AuditLog, Outcome } from './audit.js';
import type { ConfirmationTokens } from './confirmation.js';
import { partArgs, type Args } from './input.js';
import { followJob, type JobProgress } from './jobs.js';
import { listPage } from './listing.js';
import { previewOf } from './preview.js';
import { errorResult, failure, success, type ToolResult } from './results.js';
import type { ToolSpec } from './tools.js';

/** What every call shares: the one HTTP client, the token issuer, and how to show secrets. */
export interface Runtime {
  /** The one HTTP client, made when the first call needs it. */
  client: () => Promise<HttpClient>;
  redactor: Redactor;
  tokens: ConfirmationTokens;
  /** `--reveal-secrets`: tokens in results are shown in clear. */
  revealSecrets: boolean;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  audit: AuditLog;
}

/** What one call has of its own: its cancellation, and a way to report progress. */
export interface CallContext {
  signal: AbortSignal;
  progress: (update: JobProgress) => Promise<void>;
}

export interface Answer {
  result: ToolResult;
  outcome: Outcome;
  reason?: string;
}

/** Secrets in a result, masked unless `--reveal-secrets`; known credentials scrubbed too. */
export function shown(rt: Runtime, value: unknown): unknown {
  if (rt.revealSecrets) return value;
  return replaceSecretFields(value, mask, (text) => rt.redactor.text(text));
}

/** One line about a bulk write's per-item results, when some failed. */
function itemFailures(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  const items = Object.values(data as Record<string, unknown>);
  if (!items.every((v) => typeof v === 'object' && v !== null && 'success' in v)) return [];
  const failed = items.filter((v) => (v as { success: unknown }).success === false).length;
  if (failed === 0) return [`All ${items.length} item(s) succeeded.`];
  return [`${failed} of ${items.length} item(s) failed; each says why in result.`];
}

async function send(rt: Runtime, spec: ToolSpec, data: Args, signal: AbortSignal): Promise<Answer> {
  const answer: ApiResult = await (await rt.client()).call(spec.op, data, { signal });
  const structured = {
    ...(spec.op.envelope !== 'no-data' && { result: shown(rt, answer.data) }),
    ...(answer.message !== undefined && { message: answer.message }),
  };
  // AI rewrite answers success: false when the model failed: the call did not do its job.
  const ai = answer.data as { success?: unknown; error?: unknown } | undefined;
  if (spec.op.envelope === 'ai' && ai?.success === false) {
    return {
      result: failure([`${spec.name} failed: the model answered no text.`], shown(rt, answer.data)),
      outcome: 'failed',
      reason: 'the model answered no text',
    };
  }
  return {
    result: success([`${spec.name}: done.`, ...itemFailures(answer.data)], structured),
    outcome: 'ok',
  };
}

/** A destructive call: a preview and a token first, the act only with a good token. */
async function destructive(
  rt: Runtime,
  spec: ToolSpec,
  args: ReturnType<typeof partArgs>,
  call: CallContext,
): Promise<Answer> {
  const token = args.own.confirmationToken as string | undefined;
  if (token === undefined) {
    const preview = previewOf(await rt.client(), spec, args.data);
    const issued = rt.tokens.issue(spec.name, args.data);
    const expiresAt = new Date(issued.expiresAt).toISOString();
    return {
      result: success(
        [
          `${spec.name} did nothing yet: this is a preview.`,
          `It would: ${preview.action}${preview.count === undefined ? '' : ` (${preview.count} item(s))`}.`,
          `To act, call ${spec.name} again with the same arguments and confirmationToken "${issued.token}" (single use, expires ${expiresAt}). Ask the user first.`,
        ],
        { preview: shown(rt, preview), confirmationToken: issued.token, expiresAt },
      ),
      outcome: 'preview',
    };
  }
  const check = rt.tokens.redeem(spec.name, args.data, token);
  if (!check.ok) {
    return {
      result: failure([
        `${spec.name} refused: ${check.reason}. Nothing was done.`,
        `Call ${spec.name} without confirmationToken for a new preview and token.`,
      ]),
      outcome: 'refused',
      reason: check.reason,
    };
  }
  return act(rt, spec, args, call);
}

async function act(
  rt: Runtime,
  spec: ToolSpec,
  args: ReturnType<typeof partArgs>,
  call: CallContext,
): Promise<Answer> {
  if (spec.listing) return listPage(rt, spec, args, call.signal);
  if (spec.job) return followJob(rt, spec, args, call);
  return send(rt, spec, args.data, call.signal);
}

/**
 * Runs one tool call to its answer. Errors become error results, secrets scrubbed, and
 * the call is written to the audit log however it ended.
 */
export async function runTool(
  rt: Runtime,
  spec: ToolSpec,
  given: Args,
  call: CallContext,
): Promise<ToolResult> {
  const started = performance.now();
  let answer: Answer;
  try {
    const args = partArgs(spec, given);
    answer = spec.op.destructive
      ? await destructive(rt, spec, args, call)
      : await act(rt, spec, args, call);
  } catch (error) {
    const cancelled = call.signal.aborted;
    answer = {
      result: errorResult(spec.name, error, (text) => rt.redactor.text(text)),
      outcome: cancelled ? 'cancelled' : 'error',
      reason: cancelled
        ? 'cancelled by the client'
        : error instanceof Error
          ? error.message
          : String(error),
    };
  }
  rt.audit.write({
    tool: spec.name,
    arguments: given,
    outcome: answer.outcome,
    latencyMs: performance.now() - started,
    ...(answer.reason !== undefined && { reason: answer.reason }),
  });
  return answer.result;
}
