import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { problemsOf, type Args } from './input.js';
import type { ToolSpec } from './tools.js';

/**
 * The schemas the SDK is given for each tool: what `tools/list` shows, and what checks a
 * call's arguments and its `structuredContent`.
 */

/**
 * The tool's input JSON Schema, with `problemsOf` as its validation. A refused call is told
 * to `onInvalid`, for the audit log.
 */
export function inputSchema(
  spec: ToolSpec,
  onInvalid: (given: unknown, problems: string[]) => void,
): StandardSchemaWithJSON<Args> {
  return {
    '~standard': {
      version: 1,
      vendor: 'svc',
      validate(value: unknown) {
        const problems = problemsOf(spec, value);
        if (problems.length === 0) return { value: value as Args };
        onInvalid(value, problems);
        return { issues: problems.map((message) => ({ message })) };
      },
      jsonSchema: { input: () => spec.inputJson, output: () => spec.inputJson },
    },
  };
}

/** The shape of `structuredContent`, checked with zod, with its JSON Schema. */
export function outputSchema(spec: ToolSpec): StandardSchemaWithJSON | undefined {
  const json = spec.outputJson;
  if (json === undefined) return undefined;
  return {
    '~standard': {
      version: 1,
      vendor: 'svc',
      validate(value: unknown) {
        const checked = spec.output.safeParse(value);
        if (checked.success) return { value: checked.data };
        return {
          issues: checked.error.issues.map((issue) => ({
            message: issue.message,
            path: issue.path,
          })),
        };
      },
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}
