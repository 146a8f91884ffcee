import { environmentRows } from './environment.js';
import { exitCodeTable } from './exit-codes.js';
import type { ArgumentInfo, CommandInfo, OptionInfo } from './tree.js';

/**
 * The command reference (docs/commands.md) from the command tree. Tables are written
 * aligned, as prettier would leave them, so the committed file passes the format check.
 */

/** Table cell text: pipes escaped, and angle brackets kept from being read as HTML. */
export function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('<', '\\<');
}

/** A code span; only a pipe needs escaping there, and only inside a table. */
export function code(text: string): string {
  return `\`${text.replaceAll('|', '\\|')}\``;
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) =>
    Math.max(3, h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function commandName(cmd: CommandInfo): string {
  return ['svc', ...cmd.path].join(' ');
}

/** GitHub's heading anchor. */
function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replaceAll(' ', '-');
}

function optionDescription(option: OptionInfo): string {
  const extras = [
    option.mandatory && 'required',
    option.choices && `one of ${option.choices.join(', ')}`,
    option.defaultText !== undefined && `default ${option.defaultText}`,
    option.envVar && `env ${option.envVar}`,
  ].filter(Boolean);
  return extras.length > 0 ? `${option.description} (${extras.join('; ')})` : option.description;
}

function optionTables(options: readonly OptionInfo[]): string[] {
  const groups = new Map<string, OptionInfo[]>();
  for (const option of options)
    groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  return [...groups].flatMap(([group, members]) => [
    `**${group}**`,
    table(
      ['option', 'description'],
      members.map((o) => [code(o.flags), cell(optionDescription(o))]),
    ),
  ]);
}

function argumentTable(args: readonly ArgumentInfo[]): string[] {
  if (args.length === 0) return [];
  return [
    '**Arguments**',
    table(
      ['argument', 'description'],
      args.map((a) => [
        code(a.name),
        cell(
          [
            a.description,
            a.required ? '(required)' : '',
            a.choices ? `(one of ${a.choices.join(', ')})` : '',
          ]
            .filter(Boolean)
            .join(' '),
        ),
      ]),
    ),
  ];
}

/** Help text as Markdown: prose as paragraphs, indented (tabular) text as it is. */
function notes(text: string): string[] {
  if (!text) return [];
  return text
    .split(/\n\s*\n/)
    .map((part) =>
      part.split('\n').some((line) => /^\s/.test(line))
        ? ['```text', part, '```'].join('\n')
        : cell(part),
    );
}

function examples(cmd: CommandInfo): string[] {
  return cmd.examples.length > 0
    ? ['**Examples**', ['```sh', ...cmd.examples, '```'].join('\n')]
    : [];
}

function commandSection(cmd: CommandInfo, level: number): string[] {
  const title = commandName(cmd);
  const parts = [`${'#'.repeat(level)} ${title}`, cell(cmd.summary)];
  if (cmd.subcommands.length > 0) {
    return [
      ...parts,
      table(
        ['command', 'summary'],
        cmd.subcommands.map((sub) => [
          `[${code(commandName(sub))}](#${anchor(commandName(sub))})`,
          cell(sub.summary),
        ]),
      ),
      ...examples(cmd),
      ...cmd.subcommands.flatMap((sub) => commandSection(sub, level + 1)),
    ];
  }
  return [
    ...parts,
    ['```', cmd.usage, '```'].join('\n'),
    ...argumentTable(cmd.arguments),
    ...optionTables(cmd.options),
    ...notes(cmd.notes),
    ...examples(cmd),
  ];
}

function commandIndex(root: CommandInfo): string[] {
  const groups = new Map<string, CommandInfo[]>();
  for (const cmd of root.subcommands)
    groups.set(cmd.group, [...(groups.get(cmd.group) ?? []), cmd]);
  return [...groups].flatMap(([group, commands]) => [
    `**${group}**`,
    table(
      ['command', 'summary'],
      commands.map((cmd) => [
        `[${code(commandName(cmd))}](#${anchor(commandName(cmd))})`,
        cell(cmd.summary),
      ]),
    ),
  ]);
}

/** The exit-code table in Markdown: the reference's, and the README's copy of it. */
export function exitCodesMarkdown(): string {
  return table(
    ['code', 'meaning'],
    exitCodeTable.map((row) => [String(row.code), cell(row.meaning)]),
  );
}

export function commandReference(root: CommandInfo): string {
  const parts = [
    '# svc command reference',
    cell(root.summary),
    ['```', root.usage, '```'].join('\n'),
    '## Commands',
    ...commandIndex(root),
    '## Global options',
    'Every command accepts these, before or after its own flags.',
    table(
      ['option', 'description'],
      [...root.options, ...root.inherited].map((o) => [code(o.flags), cell(optionDescription(o))]),
    ),
    ...root.subcommands.flatMap((cmd) => commandSection(cmd, 2)),
    '## Exit codes',
    exitCodesMarkdown(),
    '## Environment',
    table(
      ['variable', 'flag', 'meaning'],
      environmentRows(root).map((row) => [
        code(row.name),
        row.flag ? code(row.flag) : '',
        cell(row.meaning),
      ]),
    ),
  ];
  return `${parts.join('\n\n')}\n`;
}
