import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/catalogue/operations.js';
import { openApiDocument, operationId } from '../../../src/openapi/document.js';

/** The document svc prints, read as a client would (paths → the one POST of each). */
interface Document {
  paths: Record<string, { post: { operationId: string; security: unknown[] } }>;
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

  it('is what docs/openapi.json holds (npm run build writes it)', () => {
    const committed = readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8');
    expect(JSON.parse(committed)).toEqual(document);
  });
});
