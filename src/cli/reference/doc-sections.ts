import type { Option } from 'commander';
import { isDestructive } from '../../catalogue/destructive.js';
import { operation, operations, type OperationName } from '../../catalogue/operations.js';
import { sourceOf, sources, type Source } from '../../catalogue/sources.js';
import type { EnvelopeKind, Operation } from '../../catalogue/types.js';
import { resumableBulkOptions } from '../bulk-options.js';
import type { AnyCommand, GroupDeclaration } from '../declare/command.js';
import { collect, type DeclaredOption, type OptionRecord } from '../declare/options.js';
import { declaredLeaves, operationsOf, type DeclaredLeaf } from '../declare/ownership.js';
import { pagingOptions } from '../declare/paged.js';
import { cell, code, table } from './markdown.js';

/**
 * The parts of hand-written documents that restate the catalogue or the command tree: the
 * summary, envelope and trait tables of docs/api.md, the command table and the lists of
 * docs/cli-contract.md, the README's command table. `npm run generate` writes each between
 * its two marker comments (`svc help doc-section --json`), and a test fails when a committed
 * copy is stale, so a new operation or command reaches them without anyone copying it.
 */

type Tree = readonly (GroupDeclaration | AnyCommand)[];

export interface DocSection {
  name: string;
  /** The file it goes in, from the repository's root. */
  file: string;
  /** The marker line before it, and the one after. */
  start: string;
  end: string;
  /** Its Markdown, without a final newline. */
  text: string;
}

const catalogue = operations as readonly Operation[];

/** "a", "a and b", "a, b and c". */
function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** Numbers as the documents write them: sorted, runs of three or more as `a–b`. */
export function numberList(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}–${sorted[j]}` : sorted.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}

/** A sentence's first letter lower-cased to sit in a table, unless it begins an acronym. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text[0]?.toLowerCase()}${text.slice(1)}` : text;
}

function numbersOf(keep: (op: Operation) => boolean): number[] {
  return catalogue.filter(keep).map((op) => op.number);
}

// docs/api.md

const authLetter = { public: 'P', workspace: 'W', key: 'K' } as const;

function summaryTable(source: Source): string {
  const rows = catalogue
    .filter((op) => sourceOf(op.number) === source)
    .sort((a, b) => a.number - b.number)
    .map((op) => [
      String(op.number),
      code(op.path),
      authLetter[op.auth],
      cell(lowerFirst(op.summary)),
    ]);
  return table(['#', 'path', 'auth', 'purpose'], rows);
}

/** What each envelope kind's success body looks like (spec, "Common request and response shapes"). */
const envelopeBodies: Record<EnvelopeKind, string> = {
  standard: '`{"result": {"status": "success", "message": "…", "data": …}}`',
  'top-level': '`{"status": "success", "message": "…", "data": …, "statusCode": 202}`',
  ai: '`{"result": {"success": true, "text": "…"}}` or `{"result": {"success": false, "error": "…"}}`',
  'no-data': '`{"result": {"status": "success", "message": "…"}}`',
};

/** The paged reads, by the member of the answer that names their next page. */
function pagedByMember(): { member: string; numbers: number[] }[] {
  const members = new Set(catalogue.flatMap((op) => (op.paging ? [op.paging.next] : [])));
  return [...members].map((member) => ({
    member,
    numbers: numbersOf((op) => op.paging?.next === member),
  }));
}

function envelopes(): string {
  const all = catalogue.map((op) => op.number);
  const rows = Object.entries(envelopeBodies).map(([kind, body]) => {
    const numbers = numbersOf((op) => op.envelope === kind);
    // The kind of most operations is named by the few it leaves out.
    const cellText =
      numbers.length > all.length / 2
        ? `all but ${numberList(all.filter((n) => !numbers.includes(n)))}`
        : numberList(numbers);
    return [code(kind), body, cellText];
  });
  const paged = pagedByMember();
  const pagedText =
    paged.length === 0
      ? 'No operation is paged.'
      : `A paged read puts the token of the next page inside \`result\`, beside \`data\`, under the member its catalogue entry's \`paging\` names: ${listed(paged.map(({ member, numbers }) => `${code(member)} (${numberList(numbers)})`))}. Absent or empty, the page was the last.`;
  return [table(['kind', 'body', 'operations'], rows), pagedText].join('\n\n');
}

/** Each operation's note, `11: only with \`disabled: true\``, for those that have one. */
function notes(keep: (op: Operation) => string | undefined): string {
  const said = catalogue.flatMap((op) => {
    const note = keep(op);
    return note === undefined ? [] : [`${op.number}: ${note}`];
  });
  return said.length > 0 ? ` (${said.join('; ')})` : '';
}

/** Request members as a code span: `disabled: true`. */
function membersText(value: Readonly<Record<string, unknown>>): string {
  return `\`${Object.entries(value)
    .map(([key, member]) => `${key}: ${JSON.stringify(member)}`)
    .join(', ')}\``;
}

/**
 * The rows of the trait table: each yes-or-no member of an entry, and `bulk` and `paged`,
 * with what makes an operation have it. The unit test of these sections holds that every
 * boolean member of an operation is here.
 */
export const traits: readonly {
  trait: string;
  member: keyof Operation;
  has: (op: Operation) => boolean;
  meaning: () => string;
}[] = [
  {
    trait: 'readOnly',
    member: 'readOnly',
    has: (op) => op.readOnly,
    meaning: () => 'reads only; `--dry-run` does not apply',
  },
  {
    trait: 'idempotent: false',
    member: 'idempotent',
    has: (op) => !op.idempotent,
    meaning: () => 'never resent after an unknown outcome',
  },
  {
    trait: 'destructive',
    member: 'destructive',
    has: (op) => op.destructive,
    meaning: () =>
      `the CLI asks for confirmation (\`--yes\` where it cannot ask)${notes((op) =>
        op.destructiveWhen ? `only with ${membersText(op.destructiveWhen)}` : undefined,
      )}`,
  },
  {
    trait: 'overwrites',
    member: 'overwrites',
    has: (op) => op.overwrites === true,
    meaning: () =>
      `replaces existing content${notes((op) => {
        const rule = op.overwritesWhen;
        if (rule === undefined) return undefined;
        if ('unlessTrue' in rule) return `without \`${rule.unlessTrue}: true\``;
        if ('itemCarries' in rule) return `an item carrying \`${rule.itemCarries}\``;
        const off = (rule.switchesOff ?? []).map((path) => `\`${path}: false\``);
        return [...rule.changes.map((path) => `\`${path}\``), ...off].join(' or ');
      })}; \`--dry-run\` and \`--debug\` say so, \`svc mcp\` confirms it as destructive`,
  },
  {
    trait: 'openWorld',
    member: 'openWorld',
    has: (op) => op.openWorld === true,
    meaning: () =>
      "reaches past the workspace's own data: sends an email to any address, or text to a third-party AI provider; `svc mcp` hints it open-world",
  },
  {
    trait: 'slow',
    member: 'slow',
    has: (op) => op.slow,
    meaning: () => 'the long request timeout',
  },
  {
    trait: 'bulk',
    member: 'bulk',
    has: (op) => op.bulk !== undefined,
    meaning: () => 'one list in `data` that the CLI splits into batches',
  },
  {
    trait: 'itemResultsOnFailure',
    member: 'itemResultsOnFailure',
    has: (op) => op.itemResultsOnFailure === true,
    meaning: () =>
      "a partial failure is answered `INTERNAL` (HTTP 500) with each item's result in `details`: svc reads those as the per-item answer and does not retry",
  },
  {
    trait: 'paged',
    member: 'paging',
    has: (op) => op.paging !== undefined,
    meaning: () =>
      "read a page at a time: the request takes `pageSize` and `pageToken`, and the answer gives the next page's token in the member named beside the numbers",
  },
];

function traitTable(): string {
  const rows = traits.map(({ trait, has, meaning }) => {
    // A paged read's next-page member, by the operations that use it.
    const operationsCell =
      trait === 'paged'
        ? pagedByMember()
            .map(({ member, numbers }) => `${numberList(numbers)} (${code(member)})`)
            .join('; ')
        : numberList(numbersOf(has));
    return [code(trait), operationsCell, meaning()];
  });
  return table(['trait', 'operations', 'meaning'], rows);
}

// The command tree: usage lines and lists

/** A declared flag's commander options: itself, and its `--no-` twin if it has one. */
function optionsOf(declared: DeclaredOption<unknown, boolean>): Option[] {
  return declared.buildAll().filter((option) => !option.hidden);
}

/** The value's placeholder as the documents write it: `<id...>` is `ID`, `<name=on/off>` `NAME=on/off`. */
function placeholder(option: Option): string {
  const inside = /[<[]([^>\]]+?)(?:\.\.\.)?[>\]]/.exec(option.flags)?.[1] ?? 'value';
  const at = inside.indexOf('=');
  return at === -1
    ? inside.toUpperCase()
    : `${inside.slice(0, at).toUpperCase()}${inside.slice(at)}`;
}

/** A choice of at most this many values is written as its values; of more, as its placeholder. */
const MOST_CHOICES_SHOWN = 6;

function flagWords(declared: DeclaredOption<unknown, boolean>): string {
  const [option, negation] = optionsOf(declared);
  if (!option) return '';
  const long = option.long ?? option.flags;
  if (negation) return `${long}/${negation.long ?? negation.flags}`;
  if (!option.required && !option.optional) return long;
  const choices = option.argChoices;
  const value =
    choices && choices.length <= MOST_CHOICES_SHOWN ? choices.join('/') : placeholder(option);
  // `ids` and `list` flags repeat, whether or not commander reads several values at once.
  const repeats = option.variadic || option.parseArg === collect;
  return `${long} ${option.optional ? `[${value}]` : value}${repeats ? '…' : ''}`;
}

/** The shared bulk flags, described once (cli-contract.md, "Bulk commands"), but `--file`. */
const sharedBulk = new Set<unknown>(
  Object.entries(resumableBulkOptions)
    .filter(([key]) => key !== 'file')
    .map(([, declared]) => declared),
);

function isBulk(declaration: AnyCommand): boolean {
  return (declaration.options as OptionRecord).file === resumableBulkOptions.file;
}

function isPaged(declaration: AnyCommand): boolean {
  return (declaration.options as OptionRecord).pageToken === pagingOptions.pageToken;
}

function hasFlag(declaration: AnyCommand, long: string): boolean {
  return Object.values(declaration.options as OptionRecord).some((declared) =>
    declared.buildAll().some((option) => option.long === long),
  );
}

/**
 * The flags (camel-cased names) an option may not be given with; commander keeps them on the
 * option without declaring the member in its types.
 */
function conflictsOf(option: Option | undefined): readonly string[] {
  return (option as (Option & { conflictsWith?: string[] }) | undefined)?.conflictsWith ?? [];
}

function argumentWords(name: string, choices: readonly string[] | undefined): string {
  const optional = name.startsWith('[');
  const variadic = name.includes('...');
  const bare = name.replace(/^[<[]|\.\.\.|[>\]]$/g, '');
  const shown =
    choices && choices.length <= MOST_CHOICES_SHOWN ? choices.join('/') : bare.toUpperCase();
  const words = `${shown}${variadic ? '…' : ''}`;
  return optional ? `[${words}]` : words;
}

/**
 * A command's usage as its declaration says it: its arguments, then its own flags in order,
 * `[…]` around those it may leave out, `…` after one that repeats, the values of a choice,
 * and flags that conflict as `A / B` in one bracket. The shared bulk flags other than
 * `--file` are left to the section that describes them.
 */
export function usageOf(leaf: DeclaredLeaf): string {
  const { path, declaration } = leaf;
  const args = (declaration.arguments ?? []).map((arg) => argumentWords(arg.name, arg.choices));
  const own = Object.entries(declaration.options as OptionRecord).filter(
    ([, declared]) => !sharedBulk.has(declared) && optionsOf(declared).length > 0,
  );
  // Flags that conflict, joined into groups: `--doc` conflicting with `--folder`.
  const groupOf = new Map<string, Set<string>>(own.map(([key]) => [key, new Set([key])]));
  for (const [key, declared] of own) {
    for (const other of conflictsOf(optionsOf(declared)[0])) {
      const mine = groupOf.get(key);
      const theirs = groupOf.get(other);
      if (!mine || !theirs || mine === theirs) continue;
      for (const member of theirs) {
        mine.add(member);
        groupOf.set(member, mine);
      }
    }
  }
  const done = new Set<Set<string>>();
  const flags: string[] = [];
  for (const [key] of own) {
    const group = groupOf.get(key);
    if (!group || done.has(group)) continue;
    done.add(group);
    const members = own.filter(([member]) => group.has(member)).map(([, declared]) => declared);
    const words = members.map(flagWords).join(' / ');
    if (!members.some((declared) => declared.mandatory)) flags.push(`[${words}]`);
    else flags.push(members.length > 1 ? `(${words})` : words);
  }
  return ['svc', path, ...args, ...flags].join(' ');
}

function leavesOf(tree: Tree): DeclaredLeaf[] {
  return declaredLeaves(tree).filter(({ declaration }) => !declaration.hidden);
}

function commandNames(leaves: readonly DeclaredLeaf[], suffix = ''): string {
  return listed(leaves.map(({ path }) => `\`${path}${suffix}\``));
}

/** `26 (+27)`: the operations a command is the home of, then those it also sends. */
function operationCell(declaration: AnyCommand): string {
  const own = (declaration.sends ?? []).map((sent) => operation(sent.operation).number);
  const also = (declaration.follows ?? []).map((name) => operation(name).number);
  return [own.join(', '), also.length > 0 ? `(+${also.join(', ')})` : ''].filter(Boolean).join(' ');
}

function commandTable(tree: Tree): string {
  return table(
    ['command', 'op'],
    leavesOf(tree).map((leaf) => [code(usageOf(leaf)), operationCell(leaf.declaration)]),
  );
}

function readmeTable(tree: Tree): string {
  return table(
    ['command', 'what it does'],
    leavesOf(tree).map((leaf) => [code(usageOf(leaf)), cell(lowerFirst(leaf.declaration.summary))]),
  );
}

/** The commands that only read: each operation they send reads. */
function reads(tree: Tree): DeclaredLeaf[] {
  return leavesOf(tree).filter(({ declaration }) => {
    const sent = operationsOf(declaration);
    return sent.length > 0 && sent.every((name: OperationName) => operation(name).readOnly);
  });
}

function jsonReads(tree: Tree): string {
  const all = reads(tree);
  const paged = all.filter(({ declaration }) => isPaged(declaration));
  const rows = [
    [
      `a read: ${commandNames(all.filter((leaf) => !paged.includes(leaf)))}`,
      "the operation's `data` (a list: the array), unless the table below says otherwise",
    ],
    ...(paged.length > 0
      ? [[`a paged read: ${commandNames(paged)}`, 'one array: the items of every page fetched']]
      : []),
  ];
  return table(['command', 'the document'], rows);
}

function pagedCommands(tree: Tree): string {
  const rows = leavesOf(tree)
    .filter(({ declaration }) => isPaged(declaration))
    .map(({ path, declaration }) => {
      const op = operation(declaration.sends?.[0]?.operation as OperationName) as Operation;
      return [
        code(path),
        String(op.number),
        `${op.paging?.defaultPageSize ?? ''}, ${op.paging?.maxPageSize ?? ''}`,
      ];
    });
  return table(['paged command', 'op', 'items a page: default, at most'], rows);
}

function limitCommands(tree: Tree): string {
  const cut = leavesOf(tree).filter(
    ({ declaration }) =>
      !isPaged(declaration) && hasFlag(declaration, '--limit') && !hasFlag(declaration, '--all'),
  );
  return `${commandNames(cut)} take \`--limit N\` and read no pages:`;
}

function bulkCommands(tree: Tree): string {
  const bulk = leavesOf(tree).filter(({ declaration }) => isBulk(declaration));
  return `${commandNames(bulk)} take one item from flags, or many from \`--file PATH\`:`;
}

function confirmingCommands(tree: Tree): string {
  const leaves = leavesOf(tree);
  const confirming = leaves.filter(({ declaration }) => declaration.confirm !== undefined);
  // The homes of a destructive operation whose fixed fields make it harmless.
  const restoring = leaves.filter(({ declaration }) =>
    (declaration.sends ?? []).some((sent) => {
      const op = operation(sent.operation) as Operation;
      return op.destructive && !isDestructive(op, sent.fixed);
    }),
  );
  const harmless =
    restoring.length > 0 ? `; ${commandNames(restoring)} only restore access and do not ask` : '';
  return `These commands ask before sending: ${commandNames(confirming)} (the operations marked destructive in the catalogue${harmless}).`;
}

function waitingCommands(tree: Tree): string {
  const waiting = leavesOf(tree).filter(({ declaration }) => hasFlag(declaration, '--wait'));
  return `${commandNames(waiting, ' --wait')} poll until the job ends.`;
}

// The sections and where they go

interface Made {
  name: string;
  file: string;
  from: string;
  make: (tree: Tree) => string;
}

const made: readonly Made[] = [
  ...sources.map((source) => ({
    name: `summary-${source.name}`,
    file: 'docs/api.md',
    from: 'the catalogue',
    make: () => summaryTable(source),
  })),
  { name: 'envelopes', file: 'docs/api.md', from: 'the catalogue', make: envelopes },
  { name: 'traits', file: 'docs/api.md', from: 'the catalogue', make: traitTable },
  {
    name: 'commands',
    file: 'docs/cli-contract.md',
    from: 'the command tree',
    make: commandTable,
  },
  {
    name: 'paged-commands',
    file: 'docs/cli-contract.md',
    from: 'the command tree',
    make: pagedCommands,
  },
  {
    name: 'limit-commands',
    file: 'docs/cli-contract.md',
    from: 'the command tree',
    make: limitCommands,
  },
  {
    name: 'bulk-commands',
    file: 'docs/cli-contract.md',
    from: 'the command tree',
    make: bulkCommands,
  },
  {
    name: 'waiting-commands',
    file: 'docs/cli-contract.md',
    from: 'the command tree',
    make: waitingCommands,
  },
  {
    name: 'confirming-commands',
    file: 'docs/cli-contract.md',
    from: 'the command tree',
    make: confirmingCommands,
  },
  { name: 'json-reads', file: 'docs/cli-contract.md', from: 'the command tree', make: jsonReads },
  { name: 'readme-commands', file: 'README.md', from: 'the command tree', make: readmeTable },
];

/** The names of the sections, in the order of `docSections`. */
export const docSectionNames: readonly string[] = made.map((section) => section.name);

/** Every section, made from the catalogue and the command tree `tree` (svc's: `svcCommands`). */
export function docSections(tree: Tree): DocSection[] {
  for (const op of catalogue) {
    if (!sourceOf(op.number)) throw new Error(`${op.name}: number ${op.number} is in no source`);
  }
  return made.map(({ name, file, from, make }) => ({
    name,
    file,
    start: `<!-- ${name}: generated by \`npm run generate\` from ${from} -->`,
    end: `<!-- end of ${name} -->`,
    text: make(tree),
  }));
}
