import { operation } from '../catalogue/operations.js';
import type { Operation } from '../catalogue/types.js';
import type { ToolName } from './tool-names.js';

/** One tool as `svc mcp tools` lists it and docs/mcp.md documents it. */
export interface ToolRow {
  name: string;
  toolset: string;
  command: string;
  operation: string;
  summary: string;
  readOnly: boolean;
  destructive: boolean;
  /** Some of its calls replace data: those need --allow-destructive. */
  replacesSome: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

export function toolRows(names: readonly ToolName[]): ToolRow[] {
  return names.map((t) => {
    const op = operation(t.operation) as Operation;
    return {
      name: t.name,
      toolset: t.toolset,
      command: `svc ${t.command}`,
      operation: t.operation,
      summary: t.summary ?? op.summary,
      readOnly: op.readOnly,
      destructive: t.destructive,
      replacesSome: t.replacesSome,
      idempotent: op.idempotent,
      openWorld: op.openWorld === true,
    };
  });
}

function traits(row: ToolRow): string {
  const words = [
    row.readOnly
      ? 'read-only'
      : row.destructive
        ? 'destructive'
        : row.replacesSome
          ? 'write, some calls replace'
          : 'write',
    ...(row.idempotent ? ['idempotent'] : []),
    ...(row.openWorld ? ['open world'] : []),
  ];
  return words.join(', ');
}

/**
 * The tool list of docs/mcp.md: one section per toolset, one line per tool. Lists rather
 * than a table, so that the text is the same before and after prettier.
 */
export function toolListMarkdown(rows: readonly ToolRow[]): string {
  const toolsets = [...new Set(rows.map((r) => r.toolset))];
  return toolsets
    .map((toolset) => {
      const lines = rows
        .filter((r) => r.toolset === toolset)
        .map(
          (r) =>
            `- \`${r.name}\` (${traits(r)}): ${r.summary}; \`${r.command}\`, operation \`${r.operation}\``,
        );
      return [`### ${toolset}`, '', ...lines].join('\n');
    })
    .join('\n\n')
    .concat('\n');
}
