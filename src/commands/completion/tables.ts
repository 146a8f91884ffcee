import type { CommandSpec, FlagSpec, ValueKind } from './spec.js';

/**
 * The completion spec cut into the lookup tables every script has: what follows a command
 * path, which of its flags take a value, and how the values that are not free text
 * complete. Flags that every command accepts alike are listed once.
 */
export interface Tables {
  subcommands: [path: string, names: CommandSpec['subcommands']][];
  /** Each command's flags, without the common ones; commands with none left out. */
  flags: [path: string, flags: FlagSpec[]][];
  common: FlagSpec[];
  /** Each command's flags that take a value, without the common ones. */
  valueFlags: [path: string, names: string[]][];
  commonValueFlags: string[];
  /** How values complete, for every value that is not free text; `path` undefined: any. */
  kinds: [flag: { path: string | undefined; name: string }, value: ValueKind][];
  args: [path: string, value: ValueKind][];
}

function same(a: FlagSpec, b: FlagSpec): boolean {
  return a.name === b.name && JSON.stringify(a.value) === JSON.stringify(b.value);
}

export function tables(spec: readonly CommandSpec[]): Tables {
  const [first, ...rest] = spec;
  const common = (first?.flags ?? []).filter((flag) =>
    rest.every((cmd) => cmd.flags.some((other) => same(flag, other))),
  );
  const own = spec.map(
    (cmd) => [cmd.path, cmd.flags.filter((f) => !common.some((c) => c.name === f.name))] as const,
  );
  const names = (flags: readonly FlagSpec[]) => flags.filter((f) => f.value).map((f) => f.name);
  const kinds = (path: string | undefined, flags: readonly FlagSpec[]) =>
    flags.flatMap((f) =>
      f.value && f.value.kind !== 'text'
        ? [
            [{ path, name: f.name }, f.value] as [
              { path: string | undefined; name: string },
              ValueKind,
            ],
          ]
        : [],
    );
  return {
    subcommands: spec
      .filter((cmd) => cmd.subcommands.length > 0)
      .map((cmd) => [cmd.path, cmd.subcommands]),
    flags: own.filter(([, flags]) => flags.length > 0).map(([path, flags]) => [path, flags]),
    common,
    valueFlags: own
      .map(([path, flags]) => [path, names(flags)] as [string, string[]])
      .filter(([, list]) => list.length > 0),
    commonValueFlags: names(common),
    kinds: [...own.flatMap(([path, flags]) => kinds(path, flags)), ...kinds(undefined, common)],
    args: spec.flatMap((cmd) => (cmd.args ? [[cmd.path, cmd.args] as [string, ValueKind]] : [])),
  };
}

/** A value kind as words: its name, then its fixed values (`values text map …`). */
export function kindWords(value: ValueKind): string[] {
  return value.kind === 'values' || value.kind === 'tree'
    ? [value.kind, ...value.values]
    : [value.kind];
}

/** A string in POSIX single quotes (bash and zsh). */
export function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The bash and zsh `case` pattern of a flag's value: under one command path, or any (`*`). */
export function kindPattern([flag]: Tables['kinds'][number]): string {
  return flag.path === undefined
    ? `*${quote(` ${flag.name}`)}`
    : quote(`${flag.path} ${flag.name}`);
}

/** Case arms that produce the same body merged: `[patterns, body]`, in first-seen order. */
export function mergeArms(
  arms: readonly (readonly [pattern: string, body: string])[],
): [string[], string][] {
  const byBody = new Map<string, string[]>();
  for (const [pattern, body] of arms) byBody.set(body, [...(byBody.get(body) ?? []), pattern]);
  return [...byBody].map(([body, patterns]) => [patterns, body]);
}
