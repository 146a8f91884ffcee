import { operations, type OperationName } from '../catalogue/operations.js';

/**
 * Which MCP tools each operation becomes, and what they are called: the one place that maps
 * the catalogue onto the CLI's command names. Everything it knows comes from the catalogue's
 * `commands`, except what those cannot say yet (below); when commands declare their
 * operation and fixed fields themselves, only this module changes.
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
  /** What this tool does, where the operation's summary covers several tools. */
  summary?: string;
}

interface Split {
  field: string;
  byCommand: Readonly<Record<string, { value: unknown; summary: string }>>;
}

/** Operations that two commands send, each fixing one field (docs disable / docs enable). */
const splits: Partial<Record<OperationName, Split>> = {
  'documents.setDisabled': {
    field: 'disabled',
    byCommand: {
      'docs disable': { value: true, summary: 'Disable documents: switch off all access to them' },
      'docs enable': { value: false, summary: 'Enable documents: switch access back on' },
    },
  },
  'organizations.setDisabled': {
    field: 'disabled',
    byCommand: {
      'orgs disable': {
        value: true,
        summary: 'Disable organizations: switch off all access to them',
      },
      'orgs enable': { value: false, summary: 'Enable organizations: switch access back on' },
    },
  },
};

/**
 * Operations whose first listed command belongs to another operation. The deletion status
 * lists only `users purge`, which polls it; its own command is `users purge-status`. Both
 * notification-settings reads are `notifications config`, v1 behind `--api v1`: the default
 * (v2) keeps the command's name and v1 says its version.
 */
const named: Partial<Record<OperationName, { command: string; name: string }>> = {
  'users.purgeStatus': { command: 'users purge-status', name: 'users_purge_status' },
  'notifications.config.v1': {
    command: 'notifications config --api v1',
    name: 'notifications_config_v1',
  },
};

function nameOf(command: string): string {
  return command.replace(/[\s-]+/g, '_');
}

function toolNamesOf(op: (typeof operations)[number]): ToolName[] {
  const toolset = (command: string) => command.split(' ')[0] ?? command;
  const split = splits[op.name];
  if (split) {
    return Object.entries(split.byCommand).map(([command, { value, summary }]) => ({
      name: nameOf(command),
      operation: op.name,
      command,
      toolset: toolset(command),
      fixed: { [split.field]: value },
      summary,
    }));
  }
  const override = named[op.name];
  const command = override?.command ?? op.commands[0];
  if (command === undefined) return [];
  return [
    {
      name: override?.name ?? nameOf(command),
      operation: op.name,
      command,
      toolset: toolset(command),
      fixed: {},
    },
  ];
}

/** Every tool name, in catalogue order; the variants of a split operation in command order. */
export const toolNames: readonly ToolName[] = operations.flatMap(toolNamesOf);
