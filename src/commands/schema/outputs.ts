import * as z from 'zod';
import * as resources from '../../catalogue/resource-schemas.js';
import { operation, operations } from '../../catalogue/operations.js';
import type { Operation } from '../../catalogue/types.js';
import { declaredLeaves, operationsOf } from '../../cli/declare/ownership.js';
import { svcCommands } from '../index.js';

/**
 * What each command prints with `--json`, as zod schemas: the data of the operations its
 * declaration sends, except where the command prints something else
 * (docs/cli-contract.md, "Output rules").
 */

export interface Variant {
  schema: z.ZodType;
  /** When the command prints this shape rather than another, e.g. `with --wait`. */
  when?: string;
}

export type Output =
  | { variants: readonly Variant[]; operations: readonly string[]; note?: string }
  /** Why the command has no schema. */
  | { none: string };

/** What an operation with no data prints, and the commands that only report success. */
const successDocument = z.object({ status: z.literal('success'), message: z.string() });

const profileRow = z.object({
  name: z.string(),
  active: z.boolean(),
  baseUrl: z.string().nullable(),
  workspaceId: z.string().nullable(),
  apiKey: z.string().nullable(),
});

const credentialCheck = z.object({
  id: z.string().optional(),
  token: z.string(),
  source: z.enum(['env', 'keyring', 'file', 'none']),
  valid: z.boolean().nullable(),
  verdict: z.enum(['valid', 'rejected', 'unchecked', 'not set', 'no service URL']),
  error: z.string().optional(),
});

function dataOnly(schema: z.ZodType): Output {
  return { variants: [{ schema }], operations: [] };
}

function withNote(note: string, schema: z.ZodType): Output {
  return { variants: [{ schema }], operations: [], note };
}

function fixedOutputs(): Record<string, Output> {
  const purgeJob = operation('users.purge').response;
  const purgeStatus = operation('users.purgeStatus').response;
  const waitedJob = purgeJob.extend(purgeStatus.partial().shape);
  const tokens = operation('workspace.authTokens').response;
  return {
    'workspace tokens': {
      variants: [
        { schema: z.object({ apiKey: tokens.shape.apiKey, authTokens: tokens.shape.authTokens }) },
      ],
      operations: ['workspace.authTokens'],
    },
    'workspace email-config': {
      variants: [
        { schema: resources.emailConfig(), when: 'a change' },
        { schema: resources.storedEmailConfig(), when: '--show' },
      ],
      operations: ['workspace.emailConfig', 'workspace.emailConfigGet'],
      note: "A change: the configuration the service echoes, else the one sent. --show: what is stored. The provider's API key is masked.",
    },
    'users purge': {
      variants: [
        { schema: waitedJob, when: 'the users went in one request' },
        { schema: z.array(waitedJob), when: 'they went in several: one job each' },
      ],
      operations: ['users.purge', 'users.purgeStatus'],
      note: 'With --wait, each job carries its final status, or the last one seen when --wait-timeout passed.',
    },
    'users purge-status': {
      variants: [{ schema: purgeStatus }],
      operations: ['users.purgeStatus'],
    },
    'docs migrate': {
      variants: [
        {
          schema: operation('documents.migrate').response,
          when: 'without --wait, or when a wait ends before the migration (a signal, the service out of reach)',
        },
        {
          schema: operation('documents.migrationStatus').response,
          when: 'with --wait: the final status, or the last one seen when --wait-timeout passed',
        },
      ],
      operations: ['documents.migrate', 'documents.migrationStatus'],
    },
    'docs migration-status': {
      variants: [
        {
          schema: operation('documents.migrationStatus').response,
          when: 'the status read, or with --wait the final one, or the last one seen when --wait-timeout passed',
        },
        {
          schema: operation('documents.migrate').response,
          when: 'when a wait ends before the migration (a signal, the service out of reach): its id alone',
        },
      ],
      operations: ['documents.migrationStatus', 'documents.migrate'],
    },
    'ai rewrite': {
      variants: [
        { schema: z.object({ success: z.literal(true), text: z.string() }), when: 'rewritten' },
        {
          schema: z.object({ success: z.literal(false), error: z.string() }),
          when: 'the model failed (exit 6)',
        },
      ],
      operations: ['ai.rewrite'],
    },
    'profile list': dataOnly(z.array(profileRow)),
    'workspace create': {
      variants: [{ schema: resources.workspace().extend({ profile: z.string() }) }],
      operations: ['workspace.create'],
      note: 'The workspace, its token masked, and the profile its credentials were stored in.',
    },
    'profile show': withNote(
      'Tokens are masked.',
      profileRow.extend({
        workspaceToken: z.string().nullable(),
        authToken: z.string().nullable(),
      }),
    ),
    'profile use': dataOnly(successDocument),
    'profile remove': dataOnly(successDocument),
    'auth login': dataOnly(successDocument),
    'auth logout': dataOnly(successDocument),
    'auth status': withNote(
      'Tokens are masked; valid is true only when the service accepted the pair, and null when it could not be checked (see verdict and error).',
      z.object({
        profile: z.string(),
        baseUrl: z.string().nullable(),
        workspace: credentialCheck,
        apiKey: credentialCheck,
      }),
    ),
    'emulator start': {
      variants: [
        { schema: z.object({ status: z.literal('ready'), url: z.string(), pid: z.number() }) },
      ],
      operations: [],
      note: 'One line, printed once the emulator accepts requests, with or without --json.',
    },
    'auth migrate-storage': withNote(
      'One member per profile asked for; moved is false when its tokens already were there.',
      z.array(
        z.object({
          profile: z.string(),
          storage: z.enum(['keyring', 'file']),
          moved: z.boolean(),
        }),
      ),
    ),
    version: dataOnly(
      z.object({
        version: z.string(),
        node: z.string(),
        platform: z.string(),
        build: z.enum(['npm', 'binary']),
      }),
    ),
    'auth token': { none: 'it prints the token as plain text' },
    api: { none: "it prints the service's whole response body as it came" },
    'emulator exec': { none: 'its output is that of the command it runs' },
    completion: { none: 'it prints a shell script' },
    schema: { none: 'it prints JSON Schema documents' },
    help: { none: 'it prints help text, and with --json the tables of help topics' },
  };
}

/** An operation that answers no data: the command prints `{status, message}`. */
function hasNoData(op: Operation): boolean {
  return (
    op.envelope === 'no-data' ||
    (op.response.safeParse(null).success && !op.response.safeParse({}).success)
  );
}

/** What a command that sends `op` prints of its answer. */
function printedData(op: Operation): z.ZodType {
  // Bulk writes print the merged per-item map, whatever each batch answered.
  if (op.bulk && !op.readOnly) return resources.bulkResult();
  if (hasNoData(op)) return successDocument;
  return op.response;
}

function fromCatalogue(command: string): Output | undefined {
  const leaf = declaredLeaves(svcCommands).find((declared) => declared.path === command);
  const ops: Operation[] = leaf
    ? operationsOf(leaf.declaration).map((name) => operation(name))
    : [];
  if (ops.length === 0) return undefined;
  const variants: Variant[] = [];
  const seen = new Set<string>();
  for (const op of ops) {
    const schema = printedData(op);
    const text = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' }));
    if (seen.has(text)) continue;
    seen.add(text);
    variants.push({ schema, when: `as operation ${op.name} answers` });
  }
  const paged = ops.some((op) => op.paging !== undefined);
  return {
    variants: variants.length === 1 ? variants.map(({ schema }) => ({ schema })) : variants,
    operations: ops.map((op) => op.name),
    ...(paged && {
      note: 'The items of every page the listing read, as one array: one page unless --all or --limit.',
    }),
  };
}

/** What `svc <command> --json` prints, or why no schema describes it. */
export function outputOf(command: string): Output {
  return (
    fixedOutputs()[command] ??
    fromCatalogue(command) ?? {
      none: 'it sends no API operation and prints no fixed JSON document',
    }
  );
}

/** Whether the operations' writes can be previewed with --dry-run. */
export function writes(names: readonly string[]): boolean {
  return operations.some((op) => names.includes(op.name) && !op.readOnly);
}

/** The recursive folder shape, named once in `$defs` rather than numbered. */
export const namedSchemas: readonly (readonly [z.ZodType, string])[] = [
  [resources.folder(), 'Folder'],
];
