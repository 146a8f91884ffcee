import * as z from 'zod';

/**
 * The field names an item may have, by name; a field that is itself an object with named
 * fields (an activity's `actionUser`) has its own tree. Fields whose values are free-form
 * (records, `unknown`) have none: what they hold is not checked.
 */
export type FieldTree = ReadonlyMap<string, FieldTree | undefined>;

/** The object schema under optional, nullable and default wrappers, if it is one. */
function objectSchema(schema: z.ZodType): z.ZodObject | undefined {
  let current: unknown = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault
  ) {
    current = current.unwrap();
  }
  return current instanceof z.ZodObject ? current : undefined;
}

/** The fields a schema names, or undefined when it is not an object with named fields. */
export function fieldsOf(schema: z.ZodType): FieldTree | undefined {
  const object = objectSchema(schema);
  if (!object) return undefined;
  const shape = object.shape as Record<string, z.ZodType>;
  return new Map(Object.entries(shape).map(([name, field]) => [name, fieldsOf(field)]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Edit distance (insertions, deletions, substitutions), case ignored. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const substitute = (previous[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1);
      row.push(Math.min(substitute, (previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1));
    }
    previous = row;
  }
  return previous[y.length] ?? 0;
}

/** The known name closest to `name`, when one is close enough to be what was meant. */
export function nearestName(name: string, known: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (!best || d < best.distance) best = { name: candidate, distance: d };
  }
  const allowed = Math.max(2, Math.floor(name.length / 3));
  return best && best.distance <= allowed ? best.name : undefined;
}

/**
 * The first field of `value` its tree does not name, as a message ("unknown field
 * parentFolderID (did you mean parentFolderId?)"), or undefined when every one is known.
 * Nested fields are named by their path (`actionUser.userID`).
 */
export function unknownField(
  value: Record<string, unknown>,
  fields: FieldTree,
  prefix = '',
): string | undefined {
  // A loop over the names rather than Object.entries: this runs for every item of a bulk
  // run, and the entries would be garbage made for each. Same order, own members only: the
  // readers' objects inherit nothing enumerable.
  for (const name in value) {
    if (!fields.has(name)) {
      const near = nearestName(name, fields.keys());
      return `unknown field ${prefix}${name}${near === undefined ? '' : ` (did you mean ${prefix}${near}?)`}`;
    }
    const tree = fields.get(name);
    const inner = value[name];
    if (tree && isPlainObject(inner)) {
      const found = unknownField(inner, tree, `${prefix}${name}.`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** `value` with only the fields its tree names, at every level: what `--allow-unknown-fields` sends. */
export function knownFieldsOnly(
  value: Record<string, unknown>,
  fields: FieldTree,
): Record<string, unknown> {
  // No prototype, as the readers' rows: a field named `__proto__` stays an ordinary one.
  const kept = Object.create(null) as Record<string, unknown>;
  for (const [name, inner] of Object.entries(value)) {
    if (!fields.has(name)) continue;
    const tree = fields.get(name);
    kept[name] = tree && isPlainObject(inner) ? knownFieldsOnly(inner, tree) : inner;
  }
  return kept;
}
