import { isDestructive, overwriteReason } from '../catalogue/destructive.js';
import type { ApiResult } from '../http/envelope.js';
import { partArgs, type Args, type ParsedArgs } from './input.js';
import { followJob } from './jobs.js';
import { listPage } from './listing.js';
import { aboutOf, currentOf } from './current.js';
import { asData, previewOf, questionOf } from './preview.js';
import { errorResult, failure, success, type ToolResult } from './results.js';
import {
  shown,
  type Answer,
  type CallContext,
  type PersonChannel,
  type Question,
  type Runtime,
} from './runtime.js';
import type { ToolSpec } from './tools.js';

/** How the items of a bulk write fared, when the answer is a per-item map. */
function itemsFared(data: unknown): { line: string; failed: number } | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const items = Object.values(data as Record<string, unknown>);
  if (!items.every((v) => typeof v === 'object' && v !== null && 'success' in v)) return undefined;
  const failed = items.filter((v) => (v as { success: unknown }).success === false).length;
  return failed === 0
    ? { line: `All ${items.length} item(s) succeeded.`, failed }
    : { line: `${failed} of ${items.length} item(s) failed; each says why in result.`, failed };
}

async function send(rt: Runtime, spec: ToolSpec, data: Args, call: CallContext): Promise<Answer> {
  const answer: ApiResult = await (
    await rt.client()
  ).call(spec.op, data, {
    signal: call.signal,
    ...(call.confirmed && { confirmed: true }),
  });
  const structured = {
    ...(spec.op.envelope !== 'no-data' && { result: shown(rt, answer.data) }),
    ...(answer.message !== undefined && { message: answer.message }),
    // A paged read whose data is not one list (the user-data export) hands its next page's
    // token on as the service named it; the call that passes it back as pageToken reads on.
    ...(spec.op.paging && answer.next !== undefined && { [spec.op.paging.next]: answer.next }),
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
  const items = itemsFared(answer.data);
  if (items && items.failed > 0 && items.failed === Object.keys(answer.data as object).length) {
    // Not one item was done: the call failed, though the service answered.
    return {
      result: failure([`${spec.name} failed: ${items.line}`], structured),
      outcome: 'failed',
      reason: items.line,
    };
  }
  return {
    result: success([`${spec.name}: done.`, ...(items ? [items.line] : [])], structured),
    outcome: items && items.failed > 0 ? 'partial' : 'ok',
    ...(items && items.failed > 0 && { reason: items.line }),
  };
}

/** What the person answered, in svc's words, for the result and the audit log. */
const NOT_ACCEPTED = {
  decline: 'the user declined',
  cancel: 'the user cancelled',
  none: 'the user gave no answer',
} as const;

/**
 * A destructive call where the client can ask the person: the first round puts the preview
 * to them as a question (through the client, never through the model), with a single-use
 * state bound to the tool and its arguments; the round that carries their answer acts only on
 * accept. A token from the model has no part in it.
 */
async function askPerson(
  rt: Runtime,
  spec: ToolSpec,
  args: ParsedArgs,
  call: CallContext,
  person: PersonChannel,
): Promise<Answer> {
  if (args.own.confirmationToken !== undefined) {
    const reason = 'this client asks the user directly, so confirmationToken is not taken';
    return {
      result: failure([
        `${spec.name} refused: ${reason}. Nothing was done.`,
        `Call ${spec.name} without confirmationToken: the user will be asked.`,
      ]),
      outcome: 'refused',
      reason,
    };
  }
  if (person.state === undefined) {
    const preview = previewOf(await rt.client(), spec, args.data);
    // What the call replaces, as it is now, where the service can say (where webhooks go).
    const current = await currentOf(rt, spec.op, args.data, call.signal);
    // What else the person should see: whom a purge deletes, the content a call replaces.
    const about = await aboutOf(rt, spec.op, args.data, call.signal, asData);
    const bulkItems = spec.op.bulk ? args.data[spec.op.bulk.itemsField] : undefined;
    const items = Array.isArray(bulkItems) ? (bulkItems as unknown[]) : undefined;
    const issued = rt.tokens.issue(spec.name, args.data);
    return {
      result: {
        // Secret members (an auth token) are named, not shown: the question is no place for them.
        question: questionOf(
          spec,
          { ...preview, scope: rt.redactor.json(preview.scope) as typeof preview.scope },
          rt.target,
          current,
          {
            ...(items && { items: rt.redactor.json(items) as unknown[] }),
            about,
          },
        ),
        state: issued.token,
      },
      outcome: 'preview',
      reason: 'the user is asked to confirm',
    };
  }
  const check = rt.tokens.redeem(spec.name, args.data, person.state);
  if (!check.ok) {
    const reason = check.reason.replace('confirmation token', "question's state");
    return {
      result: failure([`${spec.name} refused: ${reason}. Nothing was done.`]),
      outcome: 'refused',
      reason,
      person: 'unanswerable',
    };
  }
  if (person.reply !== 'accept') {
    const reason = NOT_ACCEPTED[person.reply ?? 'none'];
    return {
      result: failure([
        `${spec.name} did nothing: ${reason}.`,
        'Do not retry unless the user asks for it.',
      ]),
      outcome: 'refused',
      reason,
      person: person.reply === 'cancel' ? 'cancelled' : 'declined',
    };
  }
  // Kept on the channel: the audit line says so however the act ends, an error included.
  person.answered = 'accepted';
  return act(rt, spec, args, { ...call, confirmed: true });
}

/**
 * A destructive call where the client cannot ask the person: a preview and a token first, the
 * act only with a good token. The model carries the token, so this proves only that the
 * model saw the preview; the user's consent is as good as the client's care.
 */
async function destructive(
  rt: Runtime,
  spec: ToolSpec,
  args: ParsedArgs,
  call: CallContext,
): Promise<Answer> {
  if (call.person) return askPerson(rt, spec, args, call, call.person);
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
          `To act, call ${spec.name} again with the same arguments and confirmationToken "${issued.token}" (single use, expires ${expiresAt}). Show the user the preview and ask them first: this client cannot ask them itself.`,
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
  return act(rt, spec, args, { ...call, confirmed: true });
}

async function act(
  rt: Runtime,
  spec: ToolSpec,
  args: ParsedArgs,
  call: CallContext,
): Promise<Answer> {
  if (spec.listing) return listPage(rt, spec, args, call.signal);
  if (spec.job) return followJob(rt, spec, args, call);
  return send(rt, spec, args.data, call);
}

/**
 * Runs one tool call to its answer, or to a question for the person (see `askPerson`).
 * Errors become error results, secrets scrubbed, and the call is written to the audit log
 * however it ended.
 */
export async function runTool(
  rt: Runtime,
  spec: ToolSpec,
  given: Args,
  call: CallContext,
): Promise<ToolResult | Question> {
  const started = performance.now();
  let answer: Answer;
  try {
    const args = partArgs(spec, given);
    // A tool served as destructive asks only for the calls that destroy or replace data:
    // livestate_broadcast with merge: true acts at once.
    const replaces = overwriteReason(spec.op, args.data);
    const confirm = isDestructive(spec.op, args.data) || replaces !== undefined;
    if (confirm && spec.replacesSome && rt.allowDestructive !== true) {
      // Served by default for its calls that only add: one that may replace is not served.
      const reason = `${replaces ?? 'it replaces existing data'}, and svc mcp serves calls that replace data only with --allow-destructive`;
      answer = {
        result: failure([
          `${spec.name} refused: ${reason}. Nothing was done.`,
          'Ask the user to restart svc mcp with --allow-destructive for it, or send the call without what makes it replace.',
        ]),
        outcome: 'refused',
        reason,
      };
    } else {
      answer = confirm ? await destructive(rt, spec, args, call) : await act(rt, spec, args, call);
    }
  } catch (thrown) {
    const cancelled = call.signal.aborted;
    // Refused credentials get the advice the CLI gives for them.
    const error = rt.explain && !cancelled ? await rt.explain(thrown) : thrown;
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
    ...((answer.person ?? call.person?.answered) !== undefined && {
      person: answer.person ?? call.person?.answered,
    }),
  });
  return answer.result;
}
