import type { OperationName } from '../../catalogue/operations.js';
import type { AnyCommand, GroupDeclaration } from './command.js';

/** A declared command and the words that run it, e.g. `docs disable`. */
export interface DeclaredLeaf {
  path: string;
  declaration: AnyCommand;
}

/** Every declared command of a tree, groups opened. */
export function declaredLeaves(
  tree: readonly (GroupDeclaration | AnyCommand)[],
  prefix = '',
): DeclaredLeaf[] {
  return tree.flatMap((entry) =>
    'commands' in entry
      ? declaredLeaves(entry.commands, `${prefix}${entry.name} `)
      : [{ path: `${prefix}${entry.name}`, declaration: entry }],
  );
}

/** The operations a command sends: those it is the home of, then those it follows. */
export function operationsOf(declaration: AnyCommand): OperationName[] {
  const own = (declaration.sends ?? []).map((sent) => sent.operation);
  return [...new Set([...own, ...(declaration.follows ?? [])])];
}
