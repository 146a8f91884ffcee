import * as z from 'zod';
import type { Context } from '../../cli/context.js';
import { allCommands, commandTree, findCommand, nearestCommand } from '../../cli/reference/tree.js';
import { UsageError } from '../../errors/errors.js';
import { namedSchemas, outputOf, writes, type Output } from './outputs.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { schemaOptions } from './index.js';
import { svcCommands } from '../index.js';

type Options = HandlerOptions<typeof schemaOptions>;

type Described = Extract<Output, { variants: unknown }>;

type Metadata = { id?: string; description?: string };

/**
 * The metadata the schema is written with: what this command adds (the names of shared
 * shapes, each variant's `when`) over what the catalogue's schemas say of themselves
 * (`.describe()`, kept in zod's global registry), which a registry of its own would hide.
 */
function metadataRegistry(): z.core.$ZodRegistry<Metadata> {
  const metadata = z.registry<Metadata>();
  const own = metadata.get.bind(metadata);
  metadata.get = (schema) => {
    const described = z.globalRegistry.get(schema) as Metadata | undefined;
    const added = own(schema);
    return described || added ? { ...described, ...added } : undefined;
  };
  return metadata;
}

/** The JSON Schema (draft 2020-12) of what `svc <command> --json` prints. */
function jsonSchemaOf(command: string, output: Described): Record<string, unknown> {
  const metadata = metadataRegistry();
  for (const [schema, id] of namedSchemas) metadata.add(schema, { id });
  // A variant's description goes on its own copy: the same shape may be part of another.
  const [first, second, ...rest] = output.variants.map(({ schema, when }) => {
    if (!when) return schema;
    const described = schema.clone();
    metadata.add(described, { description: when });
    return described;
  });
  if (!first) throw new Error(`no schema for ${command}`);
  const { $schema, ...body } = z.toJSONSchema(second ? z.union([first, second, ...rest]) : first, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    metadata,
  });
  const description = [
    `What \`svc ${command} --json\` prints on stdout.`,
    output.note,
    output.operations.length > 0 && `From operation ${output.operations.join(' and ')}.`,
    writes(output.operations) &&
      'With --dry-run it prints {dryRun, method, url, headers, body} instead, and sends nothing.',
  ].filter(Boolean);
  return { $schema, title: `svc ${command} --json`, description: description.join(' '), ...body };
}

/** The commands (leaves) of the tree that have a schema. */
function describedCommands(): { command: string; operations: string }[] {
  return [...allCommands(commandTree(svcCommands))]
    .filter((cmd) => cmd.subcommands.length === 0 && cmd.path.length > 0)
    .map((cmd) => ({ command: cmd.path.join(' '), output: outputOf(cmd.path.join(' ')) }))
    .filter((row): row is { command: string; output: Described } => 'variants' in row.output)
    .map(({ command, output }) => ({ command, operations: output.operations.join(', ') }));
}

export async function run(ctx: Context, opts: Options, names: string[]): Promise<void> {
  if (opts.list) {
    return ctx.out.data(describedCommands(), {
      rows: 'list',
      columns: [
        { header: 'COMMAND', path: 'command' },
        { header: 'OPERATIONS', path: 'operations' },
      ],
    });
  }
  if (names.length === 0) {
    throw new UsageError('name a command, e.g. svc schema docs migrate', {
      hint: 'svc schema --list shows the commands that have a schema',
    });
  }
  const command = names.join(' ');
  const cmd = findCommand(commandTree(svcCommands), names);
  if (!cmd) {
    const meant = nearestCommand(commandTree(svcCommands), names);
    throw new UsageError(`no command "svc ${command}"`, {
      hint: meant ? `did you mean svc schema ${meant.path.join(' ')}?` : 'see svc --help',
    });
  }
  if (cmd.subcommands.length > 0) {
    const subs = cmd.subcommands.map((sub) => sub.path.at(-1)).join(', ');
    throw new UsageError(`svc ${command} is a group of commands: name one of ${subs}`);
  }
  const output = outputOf(command);
  if ('none' in output) {
    throw new UsageError(`svc ${command} has no JSON output schema: ${output.none}`);
  }
  const schema = jsonSchemaOf(command, output);
  if (ctx.out.json) return ctx.out.jsonDocument(schema);
  ctx.io.stdout.write(`${JSON.stringify(schema, null, 2)}\n`);
}
