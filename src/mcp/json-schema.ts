import * as z from 'zod';

/** A JSON Schema as a plain object, the form MCP's `tools/list` carries. */
export type JsonSchema = Record<string, unknown>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON Schema of what a zod schema accepts (`input`) or gives (`output`). An output
 * schema names its dialect, which clients that validate results go by; MCP reads input
 * schemas as 2020-12 already.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  if (io === 'output') return json;
  const { $schema: _dialect, ...rest } = json;
  return rest;
}

/**
 * A request's input schema made to refuse what the service would silently drop: every object
 * that names its members and says nothing of others gets `additionalProperties: false`
 * (objects that keep extra members, activities and presence users, say `{}`). What each
 * member means is already there, as its `description`: the catalogue's schemas carry it.
 */
export function closed(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (isObject(schema.properties)) {
    const properties: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(schema.properties)) {
      properties[key] = closed(member as JsonSchema);
    }
    out.properties = properties;
    if (!('additionalProperties' in schema)) out.additionalProperties = false;
  }
  if (isObject(schema.items)) out.items = closed(schema.items);
  if (isObject(schema.additionalProperties)) {
    out.additionalProperties = closed(schema.additionalProperties);
  }
  return out;
}

/** The schema without the named top-level members (fixed by the tool, or replaced by it). */
export function withoutMembers(schema: JsonSchema, names: readonly string[]): JsonSchema {
  if (names.length === 0) return schema;
  const properties = { ...(schema.properties as Record<string, unknown>) };
  for (const name of names) delete properties[name];
  const required = (schema.required as string[] | undefined)?.filter((n) => !names.includes(n));
  const { required: _old, ...rest } = schema;
  return { ...rest, properties, ...(required && required.length > 0 && { required }) };
}

/** The schema with more top-level members, each optional. */
export function withMembers(schema: JsonSchema, members: Record<string, JsonSchema>): JsonSchema {
  return { ...schema, properties: { ...(schema.properties as object), ...members } };
}

/**
 * Where `value` has members that `schema` closes its objects to, as dotted paths. The
 * schemas given here are the ones `closed` made: plain objects, arrays and maps.
 */
export function unknownMembers(schema: JsonSchema, value: unknown, path = ''): string[] {
  if (isObject(value) && schema.type === 'object') {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const rest = schema.additionalProperties;
    return Object.entries(value).flatMap(([key, member]) => {
      const at = path ? `${path}.${key}` : key;
      if (Object.hasOwn(properties, key)) {
        return unknownMembers(properties[key] as JsonSchema, member, at);
      }
      if (rest === false) return [at];
      return isObject(rest) ? unknownMembers(rest, member, at) : [];
    });
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    const items = schema.items;
    return value.flatMap((item, i) => unknownMembers(items, item, `${path}[${i}]`));
  }
  return [];
}
