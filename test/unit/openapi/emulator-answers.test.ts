import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/server.js';
import type { SeededWorkspace } from '../../../src/emulator/fixtures/apply.js';
import { EXAMPLE_FIXTURE, openApiDocument } from '../../../src/openapi/document.js';
import { type Reply, request } from '../emulator/helpers.js';

/**
 * Every request example of the OpenAPI document, sent as the document says to a fresh,
 * real emulator seeded with the fixture the examples name: each must be answered with the
 * operation's success status and an answer its success schema accepts, so the emulator, the
 * catalogue and the document cannot drift apart. Nothing here names an operation: what is
 * sent, in which order and with which credentials is all read from the document.
 */

const DOCUMENT_ID = 'https://svc.invalid/openapi.json';
const FIXTURE = fileURLToPath(new URL(`../../../${EXAMPLE_FIXTURE}`, import.meta.url));

type FillValue = { answer: string } | { credential: keyof SeededWorkspace };
interface Example {
  summary: string;
  description: string;
  value: { data: Record<string, unknown> };
  'x-svc-after'?: string;
  'x-svc-fill'?: Record<string, FillValue>;
  'x-svc-unsuccessful'?: string;
  'x-svc-empty-lists'?: string[];
}
interface Post {
  operationId: string;
  security: Record<string, string[]>[];
  requestBody: { content: { 'application/json': { examples?: Record<string, Example> } } };
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, { post: Post }>;
  components: { securitySchemes: Record<string, { name: string }> };
}

const document = openApiDocument();
const { paths, components } = document as unknown as Document;
// The document's own references (#/components/…) resolve against it once it is added by id.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ ...document, $id: DOCUMENT_ID });

interface Operation {
  path: string;
  post: Post;
  /** The one 2xx status the document gives. */
  success: string;
}
const byId = new Map<string, Operation>(
  Object.entries(paths).map(([path, { post }]) => [
    post.operationId,
    { path, post, success: Object.keys(post.responses).find((s) => /^2\d\d$/.test(s)) ?? '' },
  ]),
);

/** The security schemes are named after the seeded workspace's credentials they carry. */
function headersFor(op: Operation, owner: SeededWorkspace): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const scheme of Object.keys(op.post.security[0] ?? {})) {
    const header = components.securitySchemes[scheme]?.name;
    const value = owner[scheme as keyof SeededWorkspace];
    if (header === undefined || value === undefined) throw new Error(`unknown scheme ${scheme}`);
    headers[header] = value;
  }
  return headers;
}

/** The example of the operation, and before it those it comes after, first first. */
function chain(operationId: string): [Operation, Example][] {
  const op = byId.get(operationId);
  const example = op?.post.requestBody.content['application/json'].examples?.example;
  if (!op || !example) throw new Error(`${operationId} has no example in the document`);
  const after = example['x-svc-after'];
  return [...(after === undefined ? [] : chain(after)), [op, example]];
}

/** The payload of a success answer: `result.data`, or `data` at the top level. */
function payload(body: unknown): unknown {
  const top = body as { data?: unknown; result?: { data?: unknown } } | undefined;
  return top?.result?.data ?? top?.data;
}

/** Every `success` member anywhere in an answer (per-item results, the AI answer). */
function successes(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(successes);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, member]) =>
    key === 'success' ? [member] : successes(member),
  );
}

/**
 * The lists an answer gives: the payload itself, or the members of a payload object, but
 * those the example says a fresh emulator answers empty.
 */
function lists(value: unknown, empty: readonly string[] = []): unknown[][] {
  if (Array.isArray(value)) return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value)
    .filter(([name]) => !empty.includes(name))
    .map(([, member]) => member)
    .filter((member): member is unknown[] => Array.isArray(member));
}

function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);
}

/** The JSON pointer, inside the document, of the schema of the answer with this status. */
function pointerTo(path: string, status: string): string {
  const escaped = path.replace(/~/g, '~0').replace(/\//g, '~1');
  return `paths/${escaped}/post/responses/${status}/content/application~1json/schema`;
}

describe("the document's examples, sent to a fresh emulator", () => {
  for (const [operationId, op] of byId) {
    const example = op.post.requestBody.content['application/json'].examples?.example;
    it(`${operationId}: ${example?.summary ?? 'has an example'}`, async () => {
      expect(example, `${operationId} has no example`).toBeDefined();
      expect(op.success).not.toBe('');
      // The example passes the document's own request schema, not only the catalogue's.
      const validateRequest = ajv.compile({
        $ref: `${DOCUMENT_ID}#/paths/${op.path.replace(/\//g, '~1')}/post/requestBody/content/application~1json/schema`,
      });
      expect(validateRequest(example?.value), JSON.stringify(validateRequest.errors)).toBe(true);

      const emulator = await startEmulator({ seed: FIXTURE });
      let last: Reply | undefined;
      try {
        const [owner] = emulator.seeded;
        if (!owner) throw new Error(`${EXAMPLE_FIXTURE} seeds no workspace`);
        // The document names whose credentials the examples are sent with.
        expect(example?.description).toContain(owner.ownerEmail);
        let previous: unknown;
        for (const [step, { value, 'x-svc-fill': fill }] of chain(operationId)) {
          const data = { ...value.data };
          for (const [member, from] of Object.entries(fill ?? {})) {
            data[member] =
              'answer' in from ? at(payload(previous), from.answer) : owner[from.credential];
            expect(typeof data[member], `${step.post.operationId}: ${member}`).toBe('string');
          }
          last = await request(emulator.url + step.path, {
            method: 'POST',
            headers: headersFor(step, owner),
            body: JSON.stringify({ data }),
          });
          // What comes first must succeed too, or the example after it tests nothing.
          expect(String(last.status), `${step.post.operationId}: ${last.text}`).toBe(step.success);
          previous = last.json;
        }
      } finally {
        await emulator.close();
      }
      const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointerTo(op.path, op.success)}` });
      const valid = validate(last?.json);
      expect(validate.errors ?? [], last?.text).toEqual([]);
      expect(valid).toBe(true);
      // An example is about what the fixture has: a name it gets wrong shows up as an item
      // that failed, or as a list with nothing in it.
      const answer = last?.json;
      const unsuccessful = example?.['x-svc-unsuccessful'];
      if (unsuccessful === undefined) {
        expect(successes(answer), last?.text).not.toContain(false);
      } else {
        expect(successes(answer), `${unsuccessful}: ${last?.text}`).toContain(false);
      }
      const empty = example?.['x-svc-empty-lists'] ?? [];
      for (const name of empty) expect(at(payload(answer), name), last?.text).toEqual([]);
      for (const list of lists(payload(answer), empty)) {
        expect(list.length, last?.text).toBeGreaterThan(0);
      }
    });
  }
});
