import * as z from 'zod';
import { overwriteRuleWords } from '../catalogue/destructive.js';
import { once } from '../catalogue/once.js';
import { operation } from '../catalogue/operations.js';
import type { Operation } from '../catalogue/types.js';
import { jobRoles, type JobRole } from './jobs-roles.js';
import {
  closed,
  toJsonSchema,
  withMembers,
  withoutMembers,
  type JsonSchema,
} from './json-schema.js';
import type { ToolName } from './tool-names.js';
import type { ListedTool } from './tools-list.js';

/**
 * The MCP tools, made from the catalogue: one per operation (one per command where commands
 * split an operation), with input and output schemas from the operation's request and
 * response, and hints from its flags. Nothing here is written per tool.
 */

/** Where a read's list is: the whole answer (an array, or a map by id), or one member. */
export type Listing = { kind: 'list'; at?: string } | { kind: 'map' };

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolSpec extends ToolName {
  title: string;
  readonly description: string;
  op: Operation;
  annotations: ToolAnnotations;
  readonly listing: Listing | undefined;
  /** The service pages this read itself (notifications): its page members are replaced. */
  readonly servicePaged: boolean;
  job?: JobRole;
  /** The tool that reads this tool's job, to name in what the model is told. */
  statusTool?: string;
  /** The members that only the tool takes (paging, confirmation, waiting). */
  readonly toolFields: z.ZodObject;
  /** What `tools/list` shows as the input schema. */
  readonly inputJson: JsonSchema;
  /** The shape of `structuredContent`. */
  readonly output: z.ZodObject;
  /** What `tools/list` shows of it: the members the tool adds, if any (`listedOutputOf`). */
  readonly outputJson: JsonSchema | undefined;
}

/** Items a listing returns when `limit` is not given, and the most it may ask for. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
/** The longest a job is waited for, in seconds, and the wait when none is given. */
export const MAX_WAIT_SECONDS = 600;
export const DEFAULT_WAIT_SECONDS = 60;
/** The most JSON one page of a listing holds; past it the page ends on an item boundary. */
export const PAGE_BYTES = 64 * 1024;

const SERVICE_PAGING = ['pageSize', 'pageToken'];

// The members only tools take, made on first use as the catalogue's schemas are: `tools/list`
// shows the JSON Schemas the build wrote, so a server builds them with its first call.
const toolOwnFields = once(() => ({
  paging: {
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_LIMIT)
      .optional()
      .describe(
        `Most items to return (1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}); a page also ends before ${PAGE_BYTES / 1024} KiB of JSON`,
      ),
    cursor: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .describe('nextCursor of the previous page, to continue the same listing'),
  },
  confirm: {
    confirmationToken: z
      .string()
      .min(1)
      .max(1024)
      .optional()
      .describe(
        "A first call's confirmationToken, with the same arguments, to act (see the instructions)",
      ),
  },
  wait: {
    wait: z.boolean().optional().describe('Wait until the job ends, reporting progress'),
    waitTimeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(MAX_WAIT_SECONDS)
      .optional()
      .describe(
        `How long to wait, in seconds (default ${DEFAULT_WAIT_SECONDS}); the job goes on after`,
      ),
  },
}));

export const previewSchema = once(() =>
  z.object({
    action: z.string().describe('What the call would do'),
    replaces: z
      .string()
      .optional()
      .describe('Why it would replace existing content, when it would'),
    count: z
      .number()
      .int()
      .optional()
      .describe('How many items it would act on, when it names them'),
    firstIds: z.array(z.string()).optional().describe('The first of them, at most 10'),
    scope: z.record(z.string(), z.unknown()).describe('The other members of the request'),
    request: z
      .object({ method: z.string(), url: z.string(), body: z.unknown() })
      .describe('The request it would send, secrets redacted'),
  }),
);

function listingOf(op: Operation): Listing | undefined {
  if (!op.readOnly) return undefined;
  if (op.table.at !== undefined) return { kind: 'list', at: op.table.at };
  if (op.response instanceof z.ZodArray) return { kind: 'list' };
  if (op.response instanceof z.ZodRecord) return { kind: 'map' };
  return undefined;
}

function toolFieldsOf(listing: boolean, destructive: boolean, job: boolean): z.ZodObject {
  const own = toolOwnFields();
  return z.strictObject({
    ...(listing && own.paging),
    ...(destructive && own.confirm),
    ...(job && own.wait),
  });
}

function outputOf(op: Operation, spec: { listing: boolean; destructive: boolean; job?: JobRole }) {
  const hasData = op.envelope !== 'no-data';
  const response = op.response as z.ZodType;
  const status = spec.job ? (operation(spec.job.status).response as z.ZodType) : undefined;
  return z.object({
    ...(hasData && {
      result: (spec.destructive ? response.optional() : response).describe(
        "The operation's data, as the service answered it",
      ),
    }),
    message: z.string().optional().describe("The service's message"),
    ...(op.paging &&
      !spec.listing && {
        [op.paging.next]: z
          .string()
          .optional()
          .describe('More remains: call again with pageToken set to this'),
      }),
    ...(spec.listing && {
      truncated: z.boolean().describe('More items remain: call again with nextCursor'),
      nextCursor: z.string().optional().describe('Continues the listing where this page ends'),
    }),
    ...(spec.destructive && {
      preview: previewSchema().optional().describe('What the call would do; nothing was done'),
      confirmationToken: z
        .string()
        .optional()
        .describe('Call again with the same arguments and this token to act'),
      expiresAt: z.string().optional().describe('When the token expires (ISO 8601)'),
    }),
    ...(spec.job?.role === 'start' &&
      status && { job: status.optional().describe('The job as last read, when waited for') }),
    ...(spec.job && {
      waitTimedOut: z
        .boolean()
        .optional()
        .describe('The wait ended before the job did; the job goes on'),
    }),
  });
}

/** The longest example a description carries, as JSON; a longer one is shortened. */
const EXAMPLE_CHARS = 160;

/** The operation's example request, less what the tool fixes, as one line of JSON. */
function exampleOf(name: ToolName, op: Operation): string {
  const data = Object.fromEntries(
    Object.entries(op.example.data).filter(([key]) => !(key in name.fixed)),
  );
  const json = JSON.stringify(data);
  return json.length <= EXAMPLE_CHARS ? json : `${json.slice(0, EXAMPLE_CHARS)}…`;
}

/**
 * What `tools/list` says of a tool: what it is for, what is particular to its calls, and one
 * example. The rules every tool shares (results are data, how a confirmation works, pages)
 * are said once, in the server's instructions.
 */
function descriptionOf(name: ToolName, op: Operation, parts: { listing: boolean; job?: JobRole }) {
  const lines = [`${name.summary ?? op.summary} (as \`svc ${name.command}\`).`];
  const replaces = overwriteRuleWords(op);
  if (name.destructive) lines.push(replaces === undefined ? 'Destructive.' : `${replaces}.`);
  if (name.replacesSome && replaces !== undefined) {
    lines.push(`${replaces}. Those that replace need svc mcp --allow-destructive.`);
  }
  if (!parts.listing && op.paging) {
    lines.push(`Returns one page: pass ${op.paging.next} as pageToken while it is given.`);
  }
  if (parts.job?.role === 'start') {
    lines.push('Answers with the job id; with wait: true it follows the job to its end.');
  }
  lines.push(`Example (${op.example.summary}): ${exampleOf(name, op)}`);
  return lines.join(' ');
}

/**
 * The output schema `tools/list` shows: the members the tool adds to the service's answer
 * (a page's cursor, a preview's token, a job's wait), which a client reads to go on, with
 * `result` left open; none for a tool that adds nothing to `result` and `message`. The
 * answer's whole shape is still checked before it is sent.
 */
function listedOutputOf(output: z.ZodObject): JsonSchema | undefined {
  const json = toJsonSchema(output, 'output');
  const properties = { ...(json.properties as Record<string, JsonSchema>) };
  const own = Object.keys(properties).filter((key) => key !== 'result' && key !== 'message');
  if (own.length === 0) return undefined;
  // The service's data, a preview and a job keep their shape to themselves: open here. The
  // service's message stays, as every answer may carry it.
  for (const key of ['result', 'preview', 'job']) {
    const member = properties[key] as { description?: string } | undefined;
    if (member !== undefined) properties[key] = { description: member.description };
  }
  const { $schema: _, required, ...rest } = json as JsonSchema & { required?: string[] };
  const kept = (required ?? []).filter((key) => key in properties);
  return { ...rest, properties, ...(kept.length > 0 && { required: kept }) };
}

/**
 * The input schema of a tool as JSON: the request's, less what the tool fixes or replaces.
 * Its members' descriptions are the ones the catalogue gives its request schemas.
 */
function inputJsonOf(op: Operation, toolFields: z.ZodObject, hidden: string[]) {
  const request = withoutMembers(closed(toJsonSchema(op.request, 'input')), hidden);
  const own = toJsonSchema(toolFields, 'input').properties as Record<string, JsonSchema>;
  return withMembers(request, own);
}

function specOf(
  name: ToolName,
  listed: ListedTool | undefined,
  all: readonly ToolName[],
): ToolSpec {
  const op = operation(name.operation) as Operation;
  const job = jobRoles[name.operation];
  const statusTool = job && all.find((t) => t.operation === job.status)?.name;
  // The zod schemas check a call, and the JSON Schemas and the description are what
  // tools/list shows: each is made when first asked for, so that the server answers
  // tools/list from the committed list before it has made any tool's zod schemas. Telling a
  // listing apart reads the operation's catalogue schemas, so it waits for the first call too.
  const listing = once(() => listingOf(op));
  const lists = () => listing() !== undefined;
  const servicePaged = once(() => lists() && op.paging !== undefined);
  const confirms = name.destructive || name.replacesSome;
  const toolFields = once(() => toolFieldsOf(lists(), confirms, job !== undefined));
  const output = once(() => outputOf(op, { listing: lists(), destructive: confirms, job }));
  const inputJson = once(() => {
    if (listed !== undefined) return listed.inputSchema;
    const hidden = [...Object.keys(name.fixed), ...(servicePaged() ? SERVICE_PAGING : [])];
    return inputJsonOf(op, toolFields(), hidden);
  });
  const outputJson = once(() =>
    listed !== undefined ? listed.outputSchema : listedOutputOf(output()),
  );
  const description = once(
    () => listed?.description ?? descriptionOf(name, op, { listing: lists(), ...(job && { job }) }),
  );
  return {
    ...name,
    title: name.summary ?? op.summary,
    op,
    annotations: {
      readOnlyHint: op.readOnly,
      destructiveHint: confirms,
      idempotentHint: op.idempotent,
      openWorldHint: op.openWorld === true,
    },
    ...(job && { job }),
    ...(statusTool !== undefined && { statusTool }),
    get description() {
      return description();
    },
    get listing() {
      return listing();
    },
    get servicePaged() {
      return servicePaged();
    },
    get toolFields() {
      return toolFields();
    },
    get inputJson() {
      return inputJson();
    },
    get output() {
      return output();
    },
    get outputJson() {
      return outputJson();
    },
  };
}

/**
 * The tools of these names among `all` (every one when none are given), in catalogue order.
 * `listed` gives their descriptions and JSON Schemas as committed (src/mcp/tools-list.json);
 * a tool not in it makes them from the zod schemas.
 */
export function toolSpecs(
  all: readonly ToolName[],
  names?: readonly string[],
  listed?: readonly ListedTool[],
): ToolSpec[] {
  return all
    .filter((t) => names === undefined || names.includes(t.name))
    .map((t) =>
      specOf(
        t,
        listed?.find((l) => l.name === t.name),
        all,
      ),
    );
}
