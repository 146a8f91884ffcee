import type * as z from 'zod';
import { memberAt, overwriteReason } from '../catalogue/destructive.js';
import type { HttpClient } from '../http/client.js';
import { visibleLine } from '../text/visible.js';
import type { Current } from './current.js';
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
  const replaces = overwriteReason(spec.op, data);
  return {
    action: spec.title,
    ...(replaces !== undefined && { replaces }),
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

/** The most characters of one free member (text, editor content, state) a question shows. */
const FREE_CHARS = 200;

/** A value the agent or the service gave, as data: JSON, every control character escaped. */
export function asData(value: unknown, max = Infinity): string {
  const json = visibleLine(JSON.stringify(value) ?? 'null');
  return json.length <= max
    ? json
    : `${json.slice(0, max)}… (${json.length - max} more characters not shown)`;
}

/**
 * A member that names what the call acts on: an id or a list of ids (`organizationId`,
 * `documentId`, `editorId`, `userIds`…). Those are never shortened and come first.
 */
function isTarget(key: string, value: unknown): boolean {
  if (!/(Id|Ids)$/.test(key)) return false;
  return (
    typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
  );
}

/**
 * The question a destructive call puts to the person at the client: what it would do, to
 * which targets (each id whole, on a line of its own), how many items and which, in which
 * workspace of which service, and only then the free data, each member shortened. svc's
 * words name the tool and its target; whatever the call or the service supplied is shown as
 * JSON data.
 */
export function questionOf(
  spec: Pick<ToolSpec, 'name'>,
  preview: Preview,
  target: { baseUrl: string; workspaceId?: string },
  current?: Current,
  more: { items?: readonly unknown[]; about?: readonly string[] } = {},
): string {
  const lines = [
    `An agent asks svc to run ${spec.name}: ${preview.action}. Nothing has been done yet.`,
    `Service: ${asData(target.baseUrl)}`,
    `Workspace: ${target.workspaceId === undefined ? '(none: the API key alone)' : asData(target.workspaceId)}`,
  ];
  const members = Object.entries(preview.scope);
  for (const [key, value] of members) {
    if (isTarget(key, value)) lines.push(`Target ${key}: ${asData(value)}`);
  }
  if (preview.replaces !== undefined) {
    lines.push(`It replaces existing content: ${preview.replaces}.`);
  }
  if (current !== undefined && 'unread' in current) {
    lines.push(`What it replaces could not be read first: ${asData(current.unread)}`);
  } else if (current !== undefined) {
    for (const [path, now] of Object.entries(current.values)) {
      const next = memberAt(preview.scope, path);
      lines.push(`Changes ${path}: now ${asData(now)}, then ${asData(next ?? null)}`);
    }
  }
  if (preview.count !== undefined) {
    const shownIds = preview.firstIds ?? [];
    lines.push(
      `Items: ${preview.count}` +
        (shownIds.length === 0
          ? ''
          : `; ${shownIds.length < preview.count ? `the first ${shownIds.length}` : 'they are'}: ${shownIds.map((id) => asData(id)).join(', ')}`),
    );
  }
  // The items' content, as the model sent it: each shortened, the rest counted.
  const objects = (more.items ?? []).filter((item) => typeof item === 'object' && item !== null);
  if (objects.length > 0) {
    lines.push('Items (data from the agent):');
    for (const item of objects.slice(0, FIRST_IDS)) lines.push(`  ${asData(item, FREE_CHARS)}`);
    if (objects.length > FIRST_IDS) {
      lines.push(`  … and ${objects.length - FIRST_IDS} more item(s) not shown`);
    }
  }
  lines.push(...(more.about ?? []));
  const free = members.filter(([key, value]) => !isTarget(key, value));
  if (free.length > 0) {
    lines.push('Other members (data from the agent):');
    for (const [key, value] of free) lines.push(`  ${key}: ${asData(value, FREE_CHARS)}`);
  }
  lines.push(
    `Request: ${preview.request.method} ${asData(preview.request.url)}`,
    'Accept to let it act. Decline or cancel, and nothing is changed.',
  );
  return lines.join('\n');
}
