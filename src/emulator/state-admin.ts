import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { parseAdminQuery } from './admin-query.js';
import { EmulatorError } from './errors.js';
import { type AdminRoutes, type Answer, ok, readJson } from './http.js';
import type { JobEngine } from './jobs/engine.js';
import type { SecretBox } from './secrets.js';
import type { ContinueHosts } from './service-rules.js';
import {
  type ColumnShape,
  RejectedRows,
  type SqlValue,
  type StateRows,
  type StateSnapshot,
  type TableShape,
} from './store/state.js';
import type { Store } from './store/store.js';
import { writeText } from './text-stream.js';
import { describeIssues } from './validation.js';

/**
 * Export and import of the emulator's whole state (or one workspace's) as one JSON
 * document: every table's rows, bytes as `{"$base64": …}`. Values sealed at rest (columns
 * named `sealed_…`) travel opened, as `{"$secret": …}`, and are sealed again under the
 * importing emulator's own key: a document moves between emulators whose keys differ. It
 * holds every token and provider key in clear, which is why the admin routes stay on
 * loopback.
 */

const FORMAT = 'svc-emulator-state';
/** The document's own layout; the tables' layout is `schemaVersion`. */
const FORMAT_VERSION = 1;
/** A whole store is larger than any API request; it is still read into memory at once. */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
const SEALED_PREFIX = 'sealed_';

interface StateDeps {
  store: Store;
  secrets: SecretBox;
  jobs: JobEngine;
  /** Where a login link may continue to: an imported one obeys the rule a new one does. */
  continueHosts: ContinueHosts;
}

const bytesCell = z.strictObject({ $base64: z.base64() });
const secretCell = z.strictObject({ $secret: z.string() });
const cell = z.union([z.string(), z.int(), z.null(), bytesCell, secretCell]);
type Cell = z.output<typeof cell>;

const isSealed = (column: ColumnShape) => column.name.startsWith(SEALED_PREFIX);

/** Why `value` cannot go in `column`, or undefined when it can. */
function cellProblem(value: Cell, column: ColumnShape): string | undefined {
  if (value === null) return column.nullable ? undefined : 'must not be null';
  if (isSealed(column)) {
    return typeof value === 'object' && '$secret' in value ? undefined : 'must be {"$secret": …}';
  }
  switch (column.kind) {
    case 'bytes':
      return typeof value === 'object' && '$base64' in value ? undefined : 'must be {"$base64": …}';
    case 'integer':
      return typeof value === 'number' ? undefined : 'must be a whole number';
    case 'text':
      return typeof value === 'string' ? undefined : 'must be a string';
  }
}

function tableSchema(shape: TableShape) {
  const byName = new Map(shape.columns.map((c) => [c.name, c]));
  return z
    .strictObject({ columns: z.array(z.string()), rows: z.array(z.array(cell)) })
    .superRefine(({ columns, rows }, ctx) => {
      const known = columns.flatMap((name) => byName.get(name) ?? []);
      if (new Set(columns).size !== byName.size || known.length !== columns.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['columns'],
          message: `must name each of ${[...byName.keys()].join(', ')} once`,
        });
        return;
      }
      rows.forEach((row, i) => {
        if (row.length !== known.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['rows', i],
            message: `must hold ${known.length} values`,
          });
          return;
        }
        known.forEach((column, j) => {
          const problem = cellProblem(row[j] ?? null, column);
          if (problem) ctx.addIssue({ code: 'custom', path: ['rows', i, j], message: problem });
        });
      });
    });
}

const header = z.looseObject({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  schemaVersion: z.int(),
});

/** The document layout for this emulator's tables. */
function documentSchema(tables: readonly TableShape[]) {
  const numbered = new Set(tables.flatMap((t) => (t.rowKey === undefined ? [] : [t.name])));
  return z
    .strictObject({
      ...header.shape,
      workspaceId: z.string().min(1).optional(),
      sequences: z
        .record(
          z.string().refine((name) => numbered.has(name), 'is not a table SQLite numbers'),
          z.int().nonnegative(),
        )
        .optional(),
      tables: z.strictObject(Object.fromEntries(tables.map((t) => [t.name, tableSchema(t)]))),
    })
    .refine((doc) => doc.workspaceId === undefined || doc.sequences === undefined, {
      path: ['sequences'],
      message: 'belong to a whole-state export, not to one workspace',
    });
}

type StateDocument = z.output<ReturnType<typeof documentSchema>>;

function invalid(issues: readonly z.core.$ZodIssue[]): EmulatorError {
  return new EmulatorError(
    'INVALID_ARGUMENT',
    describeIssues(issues, { root: '', lead: 'Invalid state document' }),
  );
}

/** The document checked against this emulator's format and tables, or INVALID_ARGUMENT. */
function parseDocument(body: unknown, store: Store): StateDocument {
  const head = header.safeParse(body);
  if (!head.success) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Not an emulator state export this emulator reads: it needs "format": "${FORMAT}" and "version": ${FORMAT_VERSION}.`,
    );
  }
  const schemaVersion = store.state.schemaVersion();
  if (head.data.schemaVersion !== schemaVersion) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `The document's tables are laid out by schema version ${head.data.schemaVersion}, this emulator's by ${schemaVersion}: import it with the svc version that exported it.`,
    );
  }
  const parsed = documentSchema(store.state.tables()).safeParse(body);
  if (!parsed.success) throw invalid(parsed.error.issues);
  return parsed.data;
}

function encode(value: SqlValue, column: ColumnShape, secrets: SecretBox, table: string): Cell {
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value).toString('base64') };
  if (value === null || !isSealed(column)) return value;
  try {
    return { $secret: secrets.open(String(value)) };
  } catch {
    throw new EmulatorError(
      'FAILED_PRECONDITION',
      `A value in ${table}.${column.name} cannot be opened with this emulator's key, so the state cannot be exported.`,
    );
  }
}

function decode(value: Cell, secrets: SecretBox): SqlValue {
  if (value === null || typeof value !== 'object') return value;
  return '$base64' in value ? Buffer.from(value.$base64, 'base64') : secrets.seal(value.$secret);
}

const exportQuery = z.strictObject({ workspaceId: z.string().min(1).optional() });

/** A row as the document carries it. */
const encodeRow = (row: SqlValue[], shape: TableShape, secrets: SecretBox): Cell[] =>
  shape.columns.map((column, i) => encode(row[i] ?? null, column, secrets, shape.name));

/**
 * FAILED_PRECONDITION, before the answer starts, when a sealed value does not open: once
 * the body streams, its status can no longer say so.
 */
function checkSealedValues(snapshot: StateSnapshot, secrets: SecretBox, workspaceId?: string) {
  for (const shape of snapshot.tables.filter((t) => t.columns.some(isSealed))) {
    for (const row of snapshot.rows(shape, workspaceId)) encodeRow(row, shape, secrets);
  }
}

/** The document as JSON text, a row at a time, exactly as JSON.stringify would write it. */
function* documentText(
  snapshot: StateSnapshot,
  head: Record<string, unknown>,
  secrets: SecretBox,
  workspaceId?: string,
): Generator<string> {
  yield `${JSON.stringify(head).slice(0, -1)},"tables":{`;
  for (const [i, shape] of snapshot.tables.entries()) {
    const columns = JSON.stringify(shape.columns.map((c) => c.name));
    yield `${i === 0 ? '' : ','}${JSON.stringify(shape.name)}:{"columns":${columns},"rows":[`;
    let first = true;
    for (const row of snapshot.rows(shape, workspaceId)) {
      yield `${first ? '' : ','}${JSON.stringify(encodeRow(row, shape, secrets))}`;
      first = false;
    }
    yield ']}';
  }
  yield '}}';
}

/**
 * The state document, streamed from a snapshot: a store of any size is exported with
 * memory for a chunk of it, and the emulator goes on answering meanwhile.
 */
function exportState(query: URLSearchParams, { store, secrets }: StateDeps): Answer {
  const { workspaceId } = parseAdminQuery(store, query, exportQuery);
  const snapshot = store.state.openSnapshot();
  try {
    checkSealedValues(snapshot, secrets, workspaceId);
  } catch (err) {
    snapshot.close();
    throw err;
  }
  const head = {
    format: FORMAT,
    version: FORMAT_VERSION,
    schemaVersion: store.state.schemaVersion(),
    ...(workspaceId === undefined ? { sequences: snapshot.sequences() } : { workspaceId }),
  };
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    stream: (res) => {
      void writeText(res, documentText(snapshot, head, secrets, workspaceId)).finally(() =>
        snapshot.close(),
      );
    },
  };
}

/** The path of the link an email carries, as the emulator makes it (spec op 4). */
const VERIFY_PATH = '/_emulator/verify';

/** Whether `link` is a verification link as the emulator makes one, for `token`. */
function isVerifyLink(link: string, token: Cell): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.hash === '' &&
    url.pathname === VERIFY_PATH &&
    typeof token === 'string' &&
    [...url.searchParams.keys()].join() === 'token' &&
    url.searchParams.get('token') === token
  );
}

/**
 * Holds the outbox's links to the rules they were made by: the UI shows a message's link
 * for a person to click, and `/_emulator/verify` redirects to its continue URL, so an
 * imported `javascript:` link or a continue URL on a foreign host is refused as a new one is.
 */
function checkOutboxLinks(doc: StateDocument, continueHosts: ContinueHosts): void {
  const outbox = doc.tables.outbox;
  if (!outbox) return;
  const column = (name: string) => outbox.columns.indexOf(name);
  const [link, token, continueUrl] = [
    column('link'),
    column('verify_token'),
    column('continue_url'),
  ];
  outbox.rows.forEach((row, i) => {
    const at = (index: number): Cell => (index === -1 ? null : (row[index] ?? null));
    const where = `Invalid state document: tables.outbox.rows[${i}]`;
    const linkValue = at(link);
    if (
      linkValue !== null &&
      (typeof linkValue !== 'string' || !isVerifyLink(linkValue, at(token)))
    ) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `${where}[${link}]: a link must be this emulator's ${VERIFY_PATH}?token= link for the message's own verify token.`,
      );
    }
    const continueValue = at(continueUrl);
    if (continueValue === null) return;
    try {
      if (typeof continueValue !== 'string')
        throw new EmulatorError('INVALID_ARGUMENT', 'continueUrl is not a valid URL.');
      continueHosts.check(continueValue);
    } catch (err) {
      if (!(err instanceof EmulatorError)) throw err;
      throw new EmulatorError('INVALID_ARGUMENT', `${where}[${continueUrl}]: ${err.message}`);
    }
  });
}

/**
 * Replaces the state (or the document's workspace) with the document's, in one transaction;
 * jobs it holds unfinished go on under this emulator's job delay.
 */
async function importState(
  req: IncomingMessage,
  { store, secrets, jobs, continueHosts }: StateDeps,
): Promise<Answer> {
  const doc = parseDocument(await readJson(req, MAX_IMPORT_BYTES), store);
  checkOutboxLinks(doc, continueHosts);
  const state: StateRows = {
    tables: Object.fromEntries(
      Object.entries(doc.tables).map(([name, { columns, rows }]) => [
        name,
        { columns, rows: rows.map((row) => row.map((value) => decode(value, secrets))) },
      ]),
    ),
    ...(doc.sequences && { sequences: doc.sequences }),
  };
  try {
    store.state.replace(state, doc.workspaceId);
  } catch (err) {
    if (!(err instanceof RejectedRows)) throw err;
    // Rows clashing with another workspace's, not a fault of the document itself.
    const status =
      err.clash && doc.workspaceId !== undefined ? 'ALREADY_EXISTS' : 'INVALID_ARGUMENT';
    throw new EmulatorError(status, `The state was not imported: ${err.message}.`);
  }
  jobs.resume();
  return ok({ status: 'ok' });
}

export const stateRoutes: AdminRoutes<StateDeps> = {
  export: { method: 'GET', route: (_req, query, deps) => exportState(query, deps) },
  import: { method: 'POST', route: (req, _query, deps) => importState(req, deps) },
};
