import { isDestructive, mayDestroy } from '../catalogue/destructive.js';
import { operation, operations, type OperationName } from '../catalogue/operations.js';
import type { Operation } from '../catalogue/types.js';
import type { AnyCommand, GroupDeclaration } from '../cli/declare/command.js';
import { declaredLeaves } from '../cli/declare/ownership.js';

/**
 * Which MCP tools each operation becomes, and what they are called: the commands'
 * declarations say which command is the home of each operation and which fields it fixes,
 * so a tool is named after the command that sends its operation, split the way the
 * commands split it (`docs disable` and `docs enable`).
 */

export interface ToolName {
  /** `docs_disable`: the command's words joined by `_`, dashes too. */
  name: string;
  operation: OperationName;
  /** The command it mirrors, e.g. `docs disable`, with a flag where that chooses the operation. */
  command: string;
  /** The command's group, e.g. `docs`: what `--toolsets` selects. */
  toolset: string;
  /** Members of `data` the command fixes, e.g. `{disabled: true}`: not inputs of the tool. */
  fixed: Readonly<Record<string, unknown>>;
  /**
   * Whether this tool's requests may remove, switch off or replace data (`docs enable`'s do
   * not): served only with `--allow-destructive`, and confirmed where they do.
   */
  destructive: boolean;
  /**
   * Whether only some of its requests replace data, as the operation's `overwritesWhen` says
   * (`activities_add` with an item `id`): served by default, those requests refused without
   * `--allow-destructive` and confirmed with it; the others act at once.
   */
  replacesSome: boolean;
  /** What this tool does, where the operation's summary covers several tools. */
  summary?: string;
}

function nameOf(command: string): string {
  return command.replace(/[\s-]+/g, '_');
}

/** A command's summary for an agent: the CLI's "(asks first)" is the token's job here. */
function summaryOf(summary: string): string {
  return summary.replace(/\s*\(asks first\)$/, '');
}

type Home = {
  path: string;
  sent: NonNullable<AnyCommand['sends']>[number];
  summary: string;
  variant: string | undefined;
};

function homesIn(tree: readonly (GroupDeclaration | AnyCommand)[]): Home[] {
  return declaredLeaves(tree).flatMap(({ path, declaration }) =>
    (declaration.sends ?? []).map((sent, index) => ({
      path,
      sent,
      summary: declaration.summary,
      // A command that is the home of several operations picks one with a flag (`--api v1`);
      // the first keeps the command's name, the others add the flag's value.
      variant: index > 0 ? sent.chosenBy : undefined,
    })),
  );
}

function toolNamesOf(op: (typeof operations)[number], homes: readonly Home[]): ToolName[] {
  const own = homes.filter((home) => home.sent.operation === op.name);
  const split = own.length > 1;
  return own.map(({ path, sent, summary, variant }) => {
    const fixed = sent.fixed ?? {};
    const catalogued = operation(op.name) as Operation;
    const may = mayDestroy(catalogued, fixed);
    const some =
      may && !isDestructive(catalogued, fixed) && catalogued.overwritesWhen !== undefined;
    return {
      name: nameOf(variant ? `${path} ${variant.split(' ').at(-1) ?? variant}` : path),
      operation: op.name,
      command: variant ? `${path} ${variant}` : path,
      toolset: path.split(' ')[0] ?? path,
      fixed,
      destructive: may && !some,
      replacesSome: some,
      ...(split && { summary: summaryOf(summary) }),
    };
  });
}

/**
 * Every tool name that the commands of `tree` give, in catalogue order; the variants of a
 * split operation in command order. The tree is handed in (src/commands/mcp/tool-names.ts
 * hands svc's), so that src/mcp/ does not import the commands that serve it.
 */
export function toolNamesFrom(tree: readonly (GroupDeclaration | AnyCommand)[]): ToolName[] {
  const homes = homesIn(tree);
  return operations.flatMap((op) => toolNamesOf(op, homes));
}
