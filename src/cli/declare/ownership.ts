import type { OperationName } from '../../catalogue/operations.js';
import type { AnyCommand, GroupDeclaration } from './command.js';

/** A declared command and the words that run it, e.g. `docs disable`. */
export interface DeclaredLeaf {
  path: string;
  declaration: AnyCommand;
}

/** Every declared command of a tree, groups opened. */
export function declaredLeaves(tree: readonly (GroupDeclaration | AnyCommand)[]): DeclaredLeaf[] {
  const leaves: DeclaredLeaf[] = [];
  for (const entry of tree) {
    if ('commands' in entry) {
      for (const declaration of entry.commands) {
        leaves.push({ path: `${entry.name} ${declaration.name}`, declaration });
      }
    } else {
      leaves.push({ path: entry.name, declaration: entry });
    }
  }
  return leaves;
}

/** The operations a command sends: those it is the home of, then those it follows. */
export function operationsOf(declaration: AnyCommand): OperationName[] {
  const own = (declaration.sends ?? []).map((sent) => sent.operation);
  return [...new Set([...own, ...(declaration.follows ?? [])])];
}
