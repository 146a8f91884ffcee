/**
 * Compares an answer with a documented example by shape: the same keys, values of the same
 * JSON types, and the same values in the status fields. Other values (ids, messages,
 * timestamps) differ from run to run and are not compared.
 *
 * In an example, an object whose only key is `*` stands for a map with any keys, each
 * value shaped like the `*` member (bulk results, `apiKeyList`). An array's elements must
 * each match one of the example's elements; an empty example array accepts any elements.
 */

/** Fields whose values are part of the contract, compared exactly. */
const STATUS_FIELDS = new Set(['status', 'statusCode', 'success', 'errorCode']);
export const ANY_KEY = '*';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Every difference, one line each with its path; empty when the shapes agree. */
export function shapeDifferences(documented: Json, actual: unknown, path = '$'): string[] {
  const want = typeOf(documented);
  const got = typeOf(actual);
  if (want !== got) return [`${path}: documented ${want}, answered ${got}`];
  if (Array.isArray(documented)) return arrayDifferences(documented, actual as unknown[], path);
  if (want === 'object') {
    return objectDifferences(
      documented as { [key: string]: Json },
      actual as Record<string, unknown>,
      path,
    );
  }
  return [];
}

function arrayDifferences(documented: Json[], actual: unknown[], path: string): string[] {
  if (documented.length === 0) return [];
  if (actual.length === 0) return [`${path}: documented elements, answered none`];
  return actual.flatMap((element, i) => {
    const tries = documented.map((variant) => shapeDifferences(variant, element, `${path}[${i}]`));
    return tries.some((t) => t.length === 0)
      ? []
      : (tries.reduce((a, b) => (b.length < a.length ? b : a)) ?? []);
  });
}

function objectDifferences(
  documented: { [key: string]: Json },
  actual: Record<string, unknown>,
  path: string,
): string[] {
  const keys = Object.keys(documented);
  const anyKey = documented[ANY_KEY];
  if (keys.length === 1 && anyKey !== undefined) {
    const entries = Object.entries(actual);
    if (entries.length === 0) return [`${path}: documented members, answered none`];
    return entries.flatMap(([key, value]) => shapeDifferences(anyKey, value, `${path}.${key}`));
  }
  const out: string[] = [];
  for (const key of keys) {
    if (!(key in actual)) out.push(`${path}.${key}: documented, missing from the answer`);
  }
  for (const key of Object.keys(actual)) {
    if (!(key in documented)) out.push(`${path}.${key}: answered, not documented`);
  }
  for (const key of keys) {
    if (!(key in actual)) continue;
    const want = documented[key] as Json;
    const got = actual[key];
    if (STATUS_FIELDS.has(key) && typeOf(want) !== 'object' && want !== got) {
      out.push(
        `${path}.${key}: documented ${JSON.stringify(want)}, answered ${JSON.stringify(got)}`,
      );
    } else {
      out.push(...shapeDifferences(want, got, `${path}.${key}`));
    }
  }
  return out;
}
