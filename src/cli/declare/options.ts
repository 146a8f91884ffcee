import { Option } from 'commander';
import { MAX_ID_LENGTH } from '../../catalogue/limits.js';
import { UsageError } from '../../errors/errors.js';
import {
  durationOption,
  expiryOption,
  jobDelayOption,
  readableFileOption,
  valueOrFileOption,
  urlOption,
  wholeNumberOption,
} from '../option-values.js';

/**
 * A flag declared once: how commander parses it, whether it must be given, and the type of
 * the value its command's handler receives. `OptionsOf` turns a record of these into the
 * handler's options type, so the flag, its parser and the type the handler sees cannot
 * drift apart. Building the commander `Option` waits until the tree is mounted.
 */
export class DeclaredOption<T, Present extends boolean = false, Flags extends string = string> {
  /** Never set: carries the parsed value's type to `OptionsOf`. */
  declare readonly valueType: T;
  /** Never set: whether the handler always receives a value (required, or defaulted). */
  declare readonly present: Present;
  /** Never set: the flags as declared (`--email <email>`), for `FlagOf`. */
  declare readonly flags: Flags;

  constructor(
    private readonly make: () => Option,
    /** Must be given on the command line: help says so, and its absence is a usage error. */
    readonly mandatory = false,
    /** `--no-ui` beside `--ui`: a second flag that sets the same value to false. */
    private readonly negation?: () => Option,
  ) {}

  /** The commander option, as the tree mounts it. */
  build(): Option {
    const option = this.make();
    return this.mandatory ? option.makeOptionMandatory() : option;
  }

  /** Every commander option of this flag: itself, and its negation if it has one. */
  buildAll(): Option[] {
    return this.negation ? [this.build(), this.negation()] : [this.build()];
  }

  /** The flag must be given. */
  required(): DeclaredOption<T, true, Flags> {
    return new DeclaredOption(this.make, true, this.negation);
  }

  /** The value when the flag is not given; help shows it. */
  withDefault(value: T, description?: string): DeclaredOption<T, true, Flags> {
    return new DeclaredOption(() => this.make().default(value, description), false, this.negation);
  }

  /** An environment variable that gives the value when the flag is not on the command line. */
  env(name: string): DeclaredOption<T, Present, Flags> {
    return this.with((option) => option.env(name));
  }

  /**
   * A switch that can also be turned off explicitly (`--ui` and `--no-ui`): given neither,
   * the handler sees no value and decides.
   */
  negatedBy(flags: `--no-${string}`, description: string): DeclaredOption<T, Present, Flags> {
    return new DeclaredOption(this.make, this.mandatory, () => new Option(flags, description));
  }

  /** Giving this flag also sets others, e.g. `--wait-timeout` turns `--wait` on. */
  implies(values: Record<string, unknown>): DeclaredOption<T, Present, Flags> {
    return this.with((option) => option.implies(values));
  }

  /** Flags that may not be given together with this one (their camel-cased names). */
  conflicts(...names: string[]): DeclaredOption<T, Present, Flags> {
    return this.with((option) => option.conflicts(names));
  }

  /** Accepted, and left out of help, completions and the docs: a flag kept for old scripts. */
  hidden(): DeclaredOption<T, Present, Flags> {
    return this.with((option) => option.hideHelp());
  }

  private with(change: (option: Option) => Option): DeclaredOption<T, Present, Flags> {
    return new DeclaredOption(() => change(this.make()), this.mandatory, this.negation);
  }
}

/** Options in a declaration: each key is the flag's camel-cased name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any value type may be declared
export type OptionRecord = Record<string, DeclaredOption<any, boolean>>;

/**
 * The long flag of a declared option, as a type: `FlagOf<typeof createOptions.email>` is
 * `'--email'`. A question names the flag that answers it in a script with this type, so
 * the `--no-input` error cannot name a flag the command does not declare, at no cost when
 * svc runs.
 */
export type FlagOf<D> =
  D extends DeclaredOption<unknown, boolean, infer Flags>
    ? Flags extends `${infer Long} ${string}`
      ? Long
      : Flags
    : never;

/** The options a handler receives for a record of declared options. */
export type OptionsOf<O extends OptionRecord> = {
  [K in keyof O as O[K]['present'] extends true ? K : never]: O[K]['valueType'];
} & {
  [K in keyof O as O[K]['present'] extends true ? never : K]?: O[K]['valueType'];
};

/** `--user a --user b,c` → ['a', 'b', 'c'] (the contract's repeatable flags). */
export function collect(value: string, previous: string[] = []): string[] {
  return previous.concat(
    value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== ''),
  );
}

/** An id as the service takes it: not empty, and no longer than the service allows. */
export function parseId(text: string, flag: string): string {
  if (text === '') throw new UsageError(`${flag}: must not be empty`);
  if (text.length > MAX_ID_LENGTH) {
    throw new UsageError(`${flag}: must be at most ${MAX_ID_LENGTH} characters`);
  }
  return text;
}

function plain<T, F extends string = string>(make: () => Option): DeclaredOption<T, false, F> {
  return new DeclaredOption<T, false, F>(make);
}

function parsed<T, F extends string>(
  flags: F,
  description: string,
  parse: (text: string, flag: string) => T,
) {
  return plain<T, F>(() => {
    const option = new Option(flags, description);
    const flag = option.long ?? flags;
    return option.argParser((text: string) => parse(text, flag));
  });
}

function repeatable<F extends string>(flags: F, description: string) {
  return plain<string[], F>(() => new Option(flags, description).argParser(collect));
}

/** The kinds of flag a command declares. */
export const opt = {
  /** Free text, kept as given. */
  text: <F extends string>(flags: F, description: string) =>
    plain<string, F>(() => new Option(flags, description)),
  /** One id. */
  id: <F extends string>(flags: F, description: string) => parsed(flags, description, parseId),
  /** Ids, repeated or comma-separated: `--user a --user b,c`. */
  ids: <F extends string>(flags: F, description: string) => repeatable(flags, description),
  /** Other values, repeated or comma-separated, that the command checks as a whole. */
  list: <F extends string>(flags: F, description: string) => repeatable(flags, description),
  /** A switch: present or not. */
  switch: <F extends string>(flags: F, description: string) =>
    plain<boolean, F>(() => new Option(flags, description)),
  /** One of a fixed set of values; help and completion list them. */
  choice: <const C extends string, F extends string = string>(
    flags: F,
    description: string,
    choices: readonly C[],
  ) => plain<C, F>(() => new Option(flags, description).choices(choices)),
  /** A duration such as `500ms`, `30s`, `5m`, in milliseconds. */
  duration: <F extends string>(flags: F, description: string) =>
    plain<number, F>(() => durationOption(flags, description)),
  /** A whole number within bounds. */
  wholeNumber: <F extends string>(
    flags: F,
    description: string,
    bounds: { min?: number; max?: number } = {},
  ) => plain<number, F>(() => wholeNumberOption(flags, description, bounds)),
  /** An absolute http(s) URL. */
  url: <F extends string>(flags: F, description: string) =>
    plain<string, F>(() => urlOption(flags, description)),
  /** A file svc reads, checked as the line is parsed; with `stdin`, `-` is standard input. */
  file: <F extends string>(flags: F, description: string, options: { stdin?: boolean } = {}) =>
    plain<string, F>(() => readableFileOption(flags, description, options)),
  /** A value, `@file` or `-` for stdin, the file checked as the line is parsed. */
  valueOrFile: <F extends string>(flags: F, description: string) =>
    plain<string, F>(() => valueOrFileOption(flags, description)),
  /** How long each step of an emulator job takes: `manual`, `0`, or a duration. */
  jobDelay: <F extends string>(flags: F, description: string) =>
    plain<number | 'manual', F>(() => jobDelayOption(flags, description)),
  /** When something ends (`7d`, `2027-01-31`), in the future: Unix seconds. */
  expiry: <F extends string>(flags: F, description: string) =>
    plain<number, F>(() => expiryOption(flags, description)),
  /** Anything commander can express that the kinds above do not. */
  custom: <T>(make: () => Option) => plain<T>(make),
};
