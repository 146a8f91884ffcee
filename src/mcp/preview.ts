import type * as z from 'zod';
import type { HttpClient } from '../http/client.js';
import type { Args } from './input.js';
import type { previewSchema, ToolSpec } from './tools.js';

export type Preview = z.infer<ReturnType<typeof previewSchema>>;

/** Ids named in a preview: enough to recognise the set, few enough to read. */
const FIRST_IDS = 10;

function idOf(item: unknown, idField: string | undefined): string | undefined {
  if (typeof item === 'string') return item;
  if (idField && typeof item === 'object' && item !== null) {
    const id = (item as Record<string, unknown>)[idField];
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
}

/**
 * What a destructive call would do, as `--dry-run` shows it: the action, how many items it
 * names and the first of them, the rest of the request, and the request itself with its
 * secrets redacted. Nothing is sent.
 */
export function previewOf(client: HttpClient, spec: ToolSpec, data: Args): Preview {
  const { bulk } = spec.op;
  // The list the call acts on: the bulk items, else the first list of ids it names.
  const field =
    bulk?.itemsField ?? Object.keys(data).find((key) => Array.isArray(data[key]) && key !== 'data');
  const items = field === undefined ? undefined : (data[field] as unknown[] | undefined);
  const scope = Object.fromEntries(Object.entries(data).filter(([key]) => key !== field));
  const described = client.describe(spec.op, data);
  return {
    action: spec.title,
    ...(items && {
      count: items.length,
      firstIds: items
        .slice(0, FIRST_IDS)
        .map((item) => idOf(item, bulk?.idField))
        .filter((id): id is string => id !== undefined),
    }),
    scope,
    request: { method: described.method, url: described.url, body: described.body },
  };
}
