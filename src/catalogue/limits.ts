/**
 * The limits on what a request may carry, in one place: the emulator answers
 * INVALID_ARGUMENT past them and the CLI refuses (exit 2) before sending, so the two never
 * disagree. docs/emulator-limits.md explains each number.
 */

/**
 * How deeply a request body may nest objects and arrays, the body itself being level 1.
 * Live states, activity data and CRDT maps stay within a dozen levels; 100 is also the
 * default recursion limit of protobuf parsers, which Google's front ends (the real service
 * is a Firebase callable) put before any handler. Code that walks JSON recursively
 * (JSON.stringify, zod, Yjs) exhausts the stack only after thousands of levels, so past
 * this check nothing can fail on depth.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * The longest string anywhere in a request: a long document's text (about 50 pages), yet a
 * tenth of the 1 MiB body, so one field cannot be the whole request.
 */
export const MAX_STRING_LENGTH = 100_000;

/** The most elements of an array, or members of an object, anywhere in a request. */
export const MAX_COLLECTION_SIZE = 10_000;

/** The longest id: of an organization, document, folder, user, editor, job, model, …. */
export const MAX_ID_LENGTH = 128;

/** The longest name, email or other short text: the documented bound of a workspace's. */
export const MAX_NAME_LENGTH = 200;

/** The longest URL: the documented bound of a workspace's avatar. */
export const MAX_URL_LENGTH = 2000;

/** A member name or an array index on the way from the body's root to a value. */
export type JsonPath = readonly (string | number)[];

/** The first place where a value goes past the limits, and how. */
export interface JsonExcess {
  path: JsonPath;
  problem: string;
}

interface Frame {
  value: unknown;
  /** Levels of objects and arrays down to this value, this one included if it is one. */
  depth: number;
  parent: Frame | undefined;
  key: string | number | undefined;
}

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) path.push(f.key);
  return path.reverse();
}

/**
 * Whether `value` is an object of plain values (no object or array in it) within the
 * limits: the usual bulk item, told without the walk below, which would otherwise cost a
 * bulk run more than any other check of an item. Only its size and its strings' lengths
 * can exceed a limit.
 */
function flatWithinLimits(value: unknown, depthAbove: number): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (depthAbove + 1 > MAX_JSON_DEPTH) return false;
  let members = 0;
  for (const key in value) {
    const member = (value as Record<string, unknown>)[key];
    if (typeof member === 'object' && member !== null) return false;
    if (typeof member === 'string' && member.length > MAX_STRING_LENGTH) return false;
    members++;
  }
  return members <= MAX_COLLECTION_SIZE;
}

/**
 * The first excess of `value` in document order, or undefined when it is within the
 * limits. `depthAbove` is how many levels enclose it in the request body (an item of a
 * bulk array sits under the body, `data` and the array: 3). `depthOnly` checks nesting
 * alone, for bodies such as seed fixtures whose size other rules govern. Iterative, so
 * that the depth it guards against cannot exhaust its own stack.
 */
export function findJsonExcess(
  value: unknown,
  { depthAbove = 0, depthOnly = false }: { depthAbove?: number; depthOnly?: boolean } = {},
): JsonExcess | undefined {
  if (!depthOnly && flatWithinLimits(value, depthAbove)) return undefined;
  const stack: Frame[] = [{ value, depth: depthAbove, parent: undefined, key: undefined }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const v = frame.value;
    const excess = (problem: string): JsonExcess => ({ path: pathOf(frame), problem });
    if (typeof v === 'string') {
      if (!depthOnly && v.length > MAX_STRING_LENGTH) {
        return excess(
          `is a string of ${v.length} characters; at most ${MAX_STRING_LENGTH} are allowed`,
        );
      }
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    const depth = frame.depth + 1;
    if (depth > MAX_JSON_DEPTH) {
      return excess(
        `is nested too deeply: a request may nest objects and arrays at most ${MAX_JSON_DEPTH} levels`,
      );
    }
    const keys = Array.isArray(v) ? undefined : Object.keys(v);
    const size = keys ? keys.length : (v as unknown[]).length;
    if (!depthOnly && size > MAX_COLLECTION_SIZE) {
      const what = keys ? 'members' : 'elements';
      return excess(`has ${size} ${what}; at most ${MAX_COLLECTION_SIZE} are allowed`);
    }
    // Pushed last to first, so that they are visited, and an excess found, in document order.
    for (let i = size - 1; i >= 0; i--) {
      const key = keys ? (keys[i] as string) : i;
      const child: unknown = (v as Record<string | number, unknown>)[key];
      stack.push({ value: child, depth, parent: frame, key });
    }
  }
  return undefined;
}

/** Segments of a path shown before the rest is elided: enough to name the field. */
const SHOWN_SEGMENTS = 8;

/** `data.folders[3].folderId`, from `root` (`''`: the path alone; `(top level)` if empty). */
export function formatJsonPath(root: string, path: readonly PropertyKey[]): string {
  let text = root;
  for (const part of path.slice(0, SHOWN_SEGMENTS)) {
    if (typeof part === 'number') text += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) {
      text += text === '' ? part : `.${part}`;
    } else text += `[${JSON.stringify(String(part))}]`;
  }
  if (path.length > SHOWN_SEGMENTS) text += '…';
  return text === '' ? '(top level)' : text;
}

/** `data.data.a.b…: is nested too deeply: …` */
export function describeJsonExcess({ path, problem }: JsonExcess, root = ''): string {
  return `${formatJsonPath(root, path)}: ${problem}`;
}
