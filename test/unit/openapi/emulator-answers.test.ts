import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../src/catalogue/operations.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import { openApiDocument } from '../../../src/openapi/document.js';
import type { SeededWorkspace } from '../../../src/emulator/fixtures/apply.js';
import { keyHeaders, post, workspaceHeaders } from '../emulator/helpers.js';
import { validRequests } from '../emulator/valid-requests.js';
import { fixtureA, runtimeWrites } from '../emulator/cross-workspace.js';

/**
 * One valid request per operation, sent to a real emulator; each answer must pass the schema
 * the document gives for its HTTP status, so the emulator, the catalogue and the document
 * cannot drift apart.
 */

const DOCUMENT_ID = 'https://svc.invalid/openapi.json';

type Responses = Record<string, { $ref?: string }>;
interface Document {
  paths: Record<string, { post: { responses: Responses } }>;
}

const document = openApiDocument();
const { paths } = document as unknown as Document;
// The document's own references (#/components/…) resolve against it once it is added by id.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ ...document, $id: DOCUMENT_ID });

function headersFor(auth: string, c: SeededWorkspace): Record<string, string> {
  if (auth === 'workspace') return workspaceHeaders(c);
  if (auth === 'key') return keyHeaders(c);
  return {};
}

let emulator: RunningEmulator;
let owner: SeededWorkspace;
let dir: string;
/** Ids in earlier answers (`jobId`, `migrationId`), for the reads that follow them. */
const answered = new Map<string, string>();
const statuses: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-openapi-'));
  const seed = join(dir, 'fixture.json');
  // What the valid requests name: the workspace the auth matrix's cross-workspace part
  // calls A, its fixture and what it writes through the API after it.
  writeFileSync(seed, JSON.stringify(fixtureA('openapi-owner@example.com')));
  emulator = await startEmulator({
    seed,
    jobDelay: 0,
    rateLimits: { 'workspace.create': 0 },
  });
  const [first] = emulator.seeded;
  if (!first) throw new Error('the fixture seeds one workspace');
  owner = first;
  for (const [name, data] of runtimeWrites(false)) {
    const op = operations.find((o) => o.name === name);
    if (!op) throw new Error(`no operation ${name}`);
    const reply = await post(emulator.url, op.path, data, headersFor(op.auth, owner));
    if (reply.status >= 300) throw new Error(`${name}: ${reply.text}`);
  }
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(`answers checked against the document: ${statuses.join(', ')}`);
});

describe("the emulator's answers match the document", () => {
  for (const op of operations) {
    it(`${op.name}: the answer to a valid request`, async () => {
      const data = { ...validRequests[op.name as keyof typeof validRequests] };
      // The one request that names a credential: the owner's own key.
      if ('apiKey' in data) data.apiKey = owner.apiKey;
      // A read asks about what exists: the owner's email, the job or migration started before.
      if (op.readOnly && 'ownerEmail' in data) data.ownerEmail = owner.ownerEmail;
      for (const key of Object.keys(data)) data[key] = answered.get(key) ?? data[key];
      const reply = await post(emulator.url, op.path, data, headersFor(op.auth, owner));
      statuses.push(`${op.name} ${reply.status}`);
      // Only ids the answer made (a job's, a migration's): one the request named, such as
      // a deleted endpoint's, is not what the reads that follow ask about.
      remember(reply.json, data);
      const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointerTo(op.path, reply.status)}` });
      const valid = validate(reply.json);
      expect(validate.errors ?? [], JSON.stringify(reply.json)).toEqual([]);
      expect(valid).toBe(true);
      // A valid request is answered with success, so the success schema is what is checked.
      expect(reply.status, reply.text).toBe(op.successStatus);
    });
  }
});

function remember(body: unknown, sent: Record<string, unknown>): void {
  const top = body as { data?: unknown; result?: { data?: unknown } } | undefined;
  const data = top?.result?.data ?? top?.data;
  if (typeof data !== 'object' || data === null) return;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' && key.endsWith('Id') && !(key in sent)) answered.set(key, value);
  }
}

/** The JSON pointer, inside the document, of the answer's schema. */
function pointerTo(path: string, httpStatus: number): string {
  const responses = paths[path]?.post.responses ?? {};
  const key = String(httpStatus) in responses ? String(httpStatus) : `${String(httpStatus)[0]}XX`;
  const escaped = path.replace(/~/g, '~0').replace(/\//g, '~1');
  const response = responses[key];
  if (response?.$ref) return `${response.$ref.slice(2)}/content/application~1json/schema`;
  return `paths/${escaped}/post/responses/${key}/content/application~1json/schema`;
}
