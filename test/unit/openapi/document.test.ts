import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/catalogue/operations.js';
import { openApiDocument, operationId } from '../../../src/openapi/document.js';

/** The document svc prints, read as a client would (paths → the one POST of each). */
interface Document {
  paths: Record<
    string,
    {
      post: {
        operationId: string;
        security: unknown[];
        requestBody: {
          content: { 'application/json': { schema: { properties: { data: JsonSchema } } } };
        };
      };
    }
  >;
}

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
}

/** Every member of a schema, by path (`folders[].folderId`, `{}` for a map's values). */
function members(schema: JsonSchema, path = ''): [string, JsonSchema][] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, member]) => {
    const at = path ? `${path}.${key}` : key;
    return [
      [at, member] as [string, JsonSchema],
      ...members(member, at),
      ...(member.items ? members(member.items, `${at}[]`) : []),
      ...(typeof member.additionalProperties === 'object'
        ? members(member.additionalProperties, `${at}{}`)
        : []),
    ];
  });
}

describe('the OpenAPI document', () => {
  const document = openApiDocument();

  it('is a valid OpenAPI 3.1 document to a third-party validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every operation of the catalogue at its path, with its credentials', () => {
    const { paths } = document as unknown as Document;
    expect(Object.keys(paths).sort()).toEqual(operations.map((op) => op.path).sort());
    for (const op of operations) {
      const post = paths[op.path]?.post;
      expect(post?.operationId).toBe(operationId(op.name));
      expect(post?.security.length, op.name).toBe(op.auth === 'public' ? 0 : 1);
    }
  });

  it('describes every member of every request, as the catalogue describes it', () => {
    // Members the MCP tools hide (fixed by a tool, the service's paging) are here too.
    const { paths } = document as unknown as Document;
    for (const op of operations) {
      const request = paths[op.path]?.post.requestBody.content['application/json'].schema;
      for (const [path, member] of members(request?.properties.data ?? {})) {
        const described = typeof member.description === 'string' && member.description !== '';
        expect(described, `${op.name} ${path}: .describe() it in src/catalogue/`).toBe(true);
      }
    }
  });

  it('is what docs/openapi.json holds (npm run build writes it)', () => {
    const committed = readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8');
    expect(JSON.parse(committed)).toEqual(document);
  });
});
