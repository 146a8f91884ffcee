import { checkHeaderPrefix } from '../config/header-prefix.js';
import { Option } from 'commander';
import { readableFile } from '../io/readable-file.js';
import { parseDuration } from '../http/duration.js';
import { UsageError } from '../errors/errors.js';
import { parseWholeNumber } from './whole-number.js';

/**
 * Options whose text is parsed while commander reads the command line, so a malformed value
 * stops the command before anything is sent or written, and a handler receives a value that
 * is already valid. Each kind of value has a name, which the command reference and the test
 * that feeds every typed option a malformed value read through `valueTypeOf`.
 */

export type ValueTypeName =
  | 'duration'
  | 'whole number'
  | 'url'
  | 'job delay'
  | 'readable file'
  | 'value or @file'
  | 'expiry'
  | 'header prefix';

const typeOfOption = new WeakMap<Option, ValueTypeName>();

/** The kind of value a typed option takes; undefined for free text and switches. */
export function valueTypeOf(option: Option): ValueTypeName | undefined {
  return typeOfOption.get(option);
}

function typed<T>(
  flags: string,
  description: string,
  type: ValueTypeName,
  parse: (text: string, flag: string) => T,
): Option {
  const option = new Option(flags, description);
  const flag = option.long ?? flags;
  option.argParser((text: string) => parse(text, flag));
  typeOfOption.set(option, type);
  return option;
}

/** `500ms`, `30s`, `5m`, `1h`: milliseconds. */
export function durationOption(flags: string, description: string): Option {
  return typed(flags, description, 'duration', parseDuration);
}

const SECONDS = { m: 60, h: 3600, d: 86_400 } as const;

/**
 * When something ends, as Unix seconds: a time from now (`30m`, `12h`, `7d`) or an ISO 8601
 * date or date-time (`2027-01-31`, `2027-01-31T18:00:00Z`; a date alone is its midnight,
 * UTC). It must be in the future: a past one would grant nothing.
 */
export function parseExpiry(text: string, flag: string, nowMs = Date.now()): number {
  const relative = /^(\d{1,6})(m|h|d)$/.exec(text);
  const seconds = relative
    ? Math.floor(nowMs / 1000) + Number(relative[1]) * SECONDS[relative[2] as keyof typeof SECONDS]
    : /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/.test(text)
      ? Math.floor(Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) / 1000)
      : NaN;
  if (!Number.isSafeInteger(seconds))
    throw new UsageError(`${flag}: "${text}" is neither a time from now nor an ISO 8601 date`, {
      hint: 'e.g. 12h, 7d, 2027-01-31 or 2027-01-31T18:00:00Z',
    });
  if (seconds * 1000 <= nowMs)
    throw new UsageError(`${flag}: ${new Date(seconds * 1000).toISOString()} is in the past`);
  return seconds;
}

export function expiryOption(flags: string, description: string): Option {
  return typed(flags, description, 'expiry', (text, flag) => parseExpiry(text, flag));
}

/** A whole number from `min` (default 0) to `max`. */
export function wholeNumberOption(
  flags: string,
  description: string,
  bounds: { min?: number; max?: number } = {},
): Option {
  return typed(flags, description, 'whole number', (text, flag) =>
    parseWholeNumber(text, flag, bounds),
  );
}

/** An absolute http(s) URL, kept as given. */
export function urlOption(flags: string, description: string): Option {
  return typed(flags, description, 'url', parseHttpUrl);
}

/** A credential header prefix (`x-acme`), checked and lower-cased. */
export function headerPrefixOption(flags: string, description: string): Option {
  return typed(flags, description, 'header prefix', checkHeaderPrefix);
}

/** `manual`, `0` (at once) or a duration: how long each step of an emulator job takes. */
export function jobDelayOption(flags: string, description: string): Option {
  return typed(flags, description, 'job delay', (text, flag): number | 'manual' => {
    if (text === 'manual') return 'manual';
    if (/^0+(ms|s|m|h)?$/.test(text)) return 0;
    return parseDuration(text, flag);
  });
}

/**
 * A file svc reads: it must exist, be readable and not be a directory when the command line
 * is read, so a mistyped path stops the command before it asks, sends or writes anything.
 * With `stdin`, `-` stands for standard input. A pipe or a device passes: it is read later.
 */
export function readableFileOption(
  flags: string,
  description: string,
  { stdin = false }: { stdin?: boolean } = {},
): Option {
  return typed(flags, description, 'readable file', (text, flag) =>
    stdin && text === '-' ? text : (readableFile(text, `${flag} ${text}`), text),
  );
}

/**
 * A value given as itself, as `@file` or as `-` for stdin (`--data`): the file named after
 * the `@` must be readable when the line is parsed. The value is kept as given, `@` and all.
 */
export function valueOrFileOption(flags: string, description: string): Option {
  return typed(flags, description, 'value or @file', (text, flag) => {
    if (text.startsWith('@')) {
      readableFile(text.slice(1), `${flag} ${text}`, {
        hint: `for a value that starts with @, give it with ${flag}-raw`,
      });
    }
    return text;
  });
}

/** `text` when it is an absolute http or https URL; a usage error naming `flag` otherwise. */
export function parseHttpUrl(text: string, flag: string): string {
  if (!URL.canParse(text) || !['http:', 'https:'].includes(new URL(text).protocol)) {
    throw new UsageError(`${flag} must be an http or https URL, got "${text}"`);
  }
  return text;
}
