import { operation } from '../catalogue/operations.js';
import { UsageError } from '../errors/errors.js';
import type { OptionsOf } from '../cli/declare/options.js';
import { selectTools, type Selection } from './selection.js';
import type { servingOptions } from './serving-options.js';
import type { ToolName } from './tool-names.js';

/** The flags of `svc mcp` (and of `svc mcp config`, which writes them into a snippet). */
export type McpFlags = OptionsOf<typeof servingOptions>;

/**
 * The tools the flags choose, from every tool there is (`tools`); flags that do not go
 * together, or name no tool, are a usage error.
 */
export function selectServed(flags: McpFlags, tools: readonly ToolName[]): Selection {
  if (flags.seed !== undefined && !flags.emulator) {
    throw new UsageError('--seed needs --emulator', { hint: 'svc mcp --emulator --seed FILE' });
  }
  return selectTools(
    tools.map((t) => {
      const op = operation(t.operation);
      return {
        name: t.name,
        toolset: t.toolset,
        readOnly: op.readOnly,
        destructive: t.destructive,
      };
    }),
    flags,
  );
}
