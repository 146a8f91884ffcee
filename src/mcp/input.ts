import { describeJsonExcess, findJsonExcess } from '../catalogue/limits.js';
import { formatIssues } from '../http/validation.js';
import { unknownMembers } from './json-schema.js';
import type { ToolSpec } from './tools.js';

export type Args = Record<string, unknown>;

/** A tool call's arguments, parted: what the tool itself takes, and the request's `data`. */
export interface ParsedArgs {
  /** The arguments as given. */
  given: Args;
  /** Paging, confirmation and waiting. */
  own: Args;
  /** The request's `data`, with the fields the tool fixes. */
  data: Args;
}

function isObject(value: unknown): value is Args {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function partArgs(spec: ToolSpec, given: Args): ParsedArgs {
  const ownNames = Object.keys(spec.toolFields.shape);
  const own: Args = {};
  const data: Args = {};
  for (const [key, value] of Object.entries(given)) {
    if (ownNames.includes(key)) own[key] = value;
    else data[key] = value;
  }
  return { given, own, data: { ...data, ...spec.fixed } };
}

/**
 * What is wrong with a call's arguments, in the words of the CLI's own checks: members the
 * schema does not have, the tool's own fields, the operation's request schema and the
 * request limits. Empty when they are good.
 */
export function problemsOf(spec: ToolSpec, given: unknown): string[] {
  if (!isObject(given)) return ['the arguments must be an object'];
  const unknown = unknownMembers(spec.inputJson, given);
  if (unknown.length > 0) {
    return [`unknown ${unknown.length === 1 ? 'member' : 'members'}: ${unknown.join(', ')}`];
  }
  const { own, data } = partArgs(spec, given);
  const problems: string[] = [];
  const ownCheck = spec.toolFields.safeParse(own);
  if (!ownCheck.success) problems.push(formatIssues(ownCheck.error.issues));
  const excess = findJsonExcess(data);
  if (excess) return [...problems, describeJsonExcess(excess)];
  const request = spec.op.request.safeParse(data);
  if (!request.success) problems.push(formatIssues(request.error.issues));
  return problems;
}
