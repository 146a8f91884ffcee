import { UsageError } from '../errors/errors.js';

/** What the selection needs to know of a tool. */
export interface Selectable {
  name: string;
  toolset: string;
  readOnly: boolean;
  destructive: boolean;
}

/** The flags of `svc mcp` that choose the tools it serves. */
export interface SelectionFlags {
  readOnly?: boolean;
  allowDestructive?: boolean;
  toolsets?: readonly string[];
  tools?: readonly string[];
  excludeTools?: readonly string[];
}

export interface Selection {
  served: string[];
  /** Tools that were asked for by name or toolset but that a safety flag keeps out. */
  withheld: { name: string; reason: string }[];
}

function checkNames(flag: string, given: readonly string[] | undefined, valid: string[]): void {
  const unknown = (given ?? []).filter((name) => !valid.includes(name));
  if (unknown.length === 0) return;
  throw new UsageError(
    `${flag}: unknown ${unknown.length === 1 ? 'name' : 'names'} ${unknown.map((n) => `"${n}"`).join(', ')}`,
    { hint: `valid names: ${valid.join(', ')}` },
  );
}

/**
 * The tools to serve. By default reads and writes that destroy nothing; `--allow-destructive`
 * adds the rest; `--read-only` keeps reads only, whatever else is given. `--toolsets` and
 * `--tools` narrow the choice to those groups and names (together: either), and
 * `--exclude-tools` takes names out. A name that is not a tool or toolset is a usage error.
 */
export function selectTools(tools: readonly Selectable[], flags: SelectionFlags): Selection {
  const names = tools.map((t) => t.name);
  const toolsets = [...new Set(tools.map((t) => t.toolset))];
  checkNames('--toolsets', flags.toolsets, toolsets);
  checkNames('--tools', flags.tools, names);
  checkNames('--exclude-tools', flags.excludeTools, names);

  const narrowed = flags.toolsets !== undefined || flags.tools !== undefined;
  const wanted = tools.filter(
    (t) =>
      (!narrowed || flags.toolsets?.includes(t.toolset) || flags.tools?.includes(t.name)) &&
      !flags.excludeTools?.includes(t.name),
  );
  const served: string[] = [];
  const withheld: Selection['withheld'] = [];
  for (const tool of wanted) {
    if (flags.readOnly && !tool.readOnly) {
      withheld.push({ name: tool.name, reason: 'writes, and --read-only serves reads only' });
    } else if (tool.destructive && !flags.allowDestructive) {
      withheld.push({ name: tool.name, reason: 'destructive: served with --allow-destructive' });
    } else {
      served.push(tool.name);
    }
  }
  if (served.length === 0) {
    throw new UsageError('no tool is left to serve', {
      hint:
        withheld.length > 0
          ? `${withheld.map((w) => `${w.name} ${w.reason}`).join('; ')}`
          : 'check --toolsets, --tools and --exclude-tools',
    });
  }
  return { served, withheld };
}
