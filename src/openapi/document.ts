import { bulkResult } from '../catalogue/resource-schemas.js';
import { operations } from '../catalogue/operations.js';
import type { AuthLevel, ExampleValue, Operation } from '../catalogue/types.js';
import { toJsonSchema, type JsonSchema } from '../mcp/json-schema.js';
import { VERSION } from '../version.js';

/**
 * The OpenAPI 3.1 document of every operation in the catalogue (docs/openapi.md): paths,
 * request and response schemas from the catalogue's zod schemas (each member's description is
 * the one its schema gives), the auth levels as security schemes, the error envelope and the
 * per-item result maps. Nothing here knows an operation by name: a new catalogue entry
 * appears in the document as it is.
 */

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** `workspace.create` → `workspaceCreate`, `notifications.config.v2` → `notificationsConfigV2`. */
export function operationId(name: string): string {
  return name
    .split('.')
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');
}

/** The headers of each level (docs/api.md, "Credentials"), as the HTTP client sends them. */
const securitySchemes = {
  workspaceId: {
    type: 'apiKey',
    in: 'header',
    name: 'x-service-workspace-id',
    description: 'The `id` of the workspace that workspaceCreate returned (workspace level).',
  },
  workspaceToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-service-auth-token',
    description:
      'The `authToken` of the workspace that workspaceCreate returned (workspace level).',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-service-api-key',
    description: "A key of the workspace's `apiKeyList` (key level).",
  },
  authToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-service-auth-token',
    description: 'An auth token of that API key, from workspaceAuthTokens (key level).',
  },
} as const;

const security: Record<AuthLevel, Record<string, string[]>[]> = {
  public: [],
  workspace: [{ workspaceId: [], workspaceToken: [] }],
  key: [{ apiKey: [], authToken: [] }],
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A converted schema made fit to sit inside the document: its dialect line dropped (3.1's is
 * 2020-12 already) and its `$defs` moved to components under `prefix`, since a `#/$defs/…`
 * reference would otherwise point at the document's root, where there are none.
 */
function embedded(schema: JsonSchema, prefix: string, components: Record<string, JsonSchema>) {
  const { $schema: _dialect, $defs, ...body } = schema;
  const renamed = (name: string) => `${prefix}_${name.replace(/^_+/, '')}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!isObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      out[key] =
        key === '$ref' && typeof member === 'string' && member.startsWith('#/$defs/')
          ? `#/components/schemas/${renamed(member.slice('#/$defs/'.length))}`
          : rewrite(member);
    }
    return out;
  };
  if (isObject($defs)) {
    for (const [name, def] of Object.entries($defs)) {
      components[renamed(name)] = rewrite(def) as JsonSchema;
    }
  }
  return rewrite(body) as JsonSchema;
}

const status = { type: 'string', description: '`success`' };
const message = { type: 'string' };

/** The success body of the operation's envelope kind (docs/api.md, "Success envelopes"). */
function successBody(op: Operation, data: JsonSchema | undefined): JsonSchema {
  switch (op.envelope) {
    case 'standard':
      return {
        type: 'object',
        required: ['result'],
        properties: {
          result: {
            type: 'object',
            required: ['status'],
            properties: {
              status,
              message,
              data: data ?? {},
              ...(op.paging && {
                [op.paging.next]: {
                  type: 'string',
                  description: 'the next page: send it as `pageToken`; absent on the last page',
                },
              }),
            },
          },
        },
      };
    case 'top-level':
      return {
        type: 'object',
        required: ['status', 'data'],
        properties: { status, message, data: data ?? {}, statusCode: { type: 'integer' } },
      };
    case 'ai':
      return { type: 'object', required: ['result'], properties: { result: data ?? {} } };
    case 'no-data':
      return {
        type: 'object',
        required: ['result'],
        properties: {
          result: { type: 'object', required: ['status'], properties: { status, message } },
        },
      };
  }
}

/** Where the examples run: the fixture the README and examples/ use, on a fresh emulator. */
export const EXAMPLE_FIXTURE = 'examples/fixtures/basic.json';

function describeValue(member: string, value: ExampleValue, after: string | undefined): string {
  if ('credential' in value) {
    return `\`${member}\` is your own \`${value.credential}\` (SVC_API_KEY in the line \`svc emulator start --seed\` prints).`;
  }
  return `\`${member}\` is the \`${value.answer}\` in the \`data\` of the answer to ${after ?? 'the earlier'}'s example.`;
}

/**
 * The operation's example as an OpenAPI Example Object. What must happen first is said in
 * words and, for tools, in `x-svc-after` (an operationId) and `x-svc-fill` (the members that
 * an earlier answer or a credential gives).
 */
function requestExample(op: Operation): JsonSchema {
  const { summary, data, after, fill, unsuccessful, emptyLists } = op.example;
  const afterId = after === undefined ? undefined : operationId(after);
  const lines = [
    `Works against a fresh \`svc emulator start --seed ${EXAMPLE_FIXTURE}\`, with the credentials of its first workspace (owner@example.com).`,
    ...(afterId === undefined ? [] : [`Send ${afterId}'s example first.`]),
    ...Object.entries(fill ?? {}).map(([member, value]) => describeValue(member, value, afterId)),
    ...(unsuccessful === undefined ? [] : [`It answers \`success: false\`. ${unsuccessful}`]),
    ...(emptyLists === undefined
      ? []
      : [
          `It answers ${emptyLists.names.map((name) => `\`${name}\``).join(', ')} empty: ${emptyLists.why}`,
        ]),
  ];
  return {
    summary,
    description: lines.join(' '),
    value: { data },
    ...(afterId !== undefined && { 'x-svc-after': afterId }),
    ...(fill !== undefined && { 'x-svc-fill': fill }),
    ...(unsuccessful !== undefined && { 'x-svc-unsuccessful': unsuccessful }),
    ...(emptyLists !== undefined && { 'x-svc-empty-lists': emptyLists.names }),
  };
}

function pathItem(op: Operation, components: Record<string, JsonSchema>): JsonSchema {
  const id = operationId(op.name);
  const request = embedded(toJsonSchema(op.request, 'input'), `${id}Request`, components);
  const data =
    op.envelope === 'no-data'
      ? undefined
      : op.response === bulkResult()
        ? ref('BulkResult')
        : embedded(toJsonSchema(op.response, 'output'), `${id}Response`, components);
  const responseName = `${id[0]?.toUpperCase()}${id.slice(1)}Response`;
  components[responseName] = successBody(op, data);
  return {
    post: {
      operationId: id,
      summary: op.summary,
      tags: [op.name.split('.')[0]],
      security: security[op.auth],
      ...(op.destructive && { description: 'Removes or switches off data.' }),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['data'],
              properties: { data: request },
              additionalProperties: false,
            },
            examples: { example: requestExample(op) },
          },
        },
      },
      responses: {
        [String(op.successStatus)]: {
          description: 'Success',
          content: { 'application/json': { schema: ref(responseName) } },
        },
        '4XX': { $ref: '#/components/responses/Error' },
        '5XX': { $ref: '#/components/responses/Error' },
      },
      'x-svc-operation': op.name,
      'x-svc-read-only': op.readOnly,
      'x-svc-idempotent': op.idempotent,
      ...(op.bulk && {
        'x-svc-bulk': { itemsField: op.bulk.itemsField, maxBatch: op.bulk.maxBatch },
      }),
    },
  };
}

/** The document, built from the catalogue as it stands. */
export function openApiDocument(): JsonSchema {
  const schemas: Record<string, JsonSchema> = {
    ErrorEnvelope: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['status', 'message'],
          properties: {
            status: {
              type: 'string',
              description:
                'A canonical status word (INVALID_ARGUMENT, UNAUTHENTICATED, NOT_FOUND, …); decide on it, never on `message`.',
            },
            message: { type: 'string' },
            details: { description: 'Present only where an operation says so.' },
          },
        },
      },
    },
    BulkResult: {
      ...embedded(toJsonSchema(bulkResult(), 'output'), 'BulkResult', {}),
      description:
        "Each item's outcome by its id: an item that fails does not fail the call, it says `success: false` and why.",
    },
  };
  const paths: Record<string, JsonSchema> = {};
  for (const op of operations) paths[op.path] = pathItem(op, schemas);
  const tags = [...new Set(operations.map((op) => op.name.split('.')[0]))].map((name) => ({
    name,
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Collaboration API',
      version: VERSION,
      description:
        'Every operation svc sends and its emulator answers, made from svc\'s catalogue by `svc openapi`. Every call is a POST of `{"data": {...}}`. ' +
        `Each request has an example that works against a fresh \`svc emulator start --seed ${EXAMPLE_FIXTURE}\` (the fixture of svc's repository).`,
    },
    servers: [
      {
        url: '{baseUrl}',
        description: "The service: the base URL of your workspace's account",
        variables: { baseUrl: { default: 'https://api.service.invalid' } },
      },
      {
        url: 'http://127.0.0.1:{port}',
        description: 'svc emulator start: the port it prints on its first line',
        variables: { port: { default: '43121' } },
      },
    ],
    tags,
    paths,
    components: {
      schemas,
      responses: {
        Error: {
          description: 'The error envelope; the HTTP status follows `error.status`.',
          content: { 'application/json': { schema: ref('ErrorEnvelope') } },
        },
      },
      securitySchemes,
    },
  };
}
