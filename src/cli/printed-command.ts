import { shellLine } from '../io/shell-words.js';
import type { Env } from './context.js';
import type { GlobalOptions } from './globals.js';

/** What a printed command needs to know of the invocation that prints it. */
export interface Invocation {
  globals: GlobalOptions;
  env: Env;
}

/**
 * A command for the user to run next (a follow-up, a resume hint, a "what next" line), as
 * one shell line that works when pasted: every word is quoted for the shell, and the global
 * options that chose the service and the credentials come along. `--profile` comes whether
 * it was a flag or SVC_PROFILE, since the line may be pasted where that variable is unset;
 * `--base-url` and `--header-prefix` only when they were flags, since a profile's or the environment's URL is found
 * again the same way. `words` are the command and its flags, e.g.
 * `['users', 'purge-status', '--job', id, '--wait']`.
 */
export function printedCommand(invocation: Invocation, words: readonly string[]): string {
  const { globals, env } = invocation;
  const profile = globals.profile || env.SVC_PROFILE;
  return shellLine([
    'svc',
    ...(profile ? ['--profile', profile] : []),
    ...(globals.baseUrl ? ['--base-url', globals.baseUrl] : []),
    ...(globals.headerPrefix ? ['--header-prefix', globals.headerPrefix] : []),
    ...(globals.insecure ? ['--insecure'] : []),
    ...words,
  ]);
}

/** The global options `printedCommand` adds itself, and whether each takes a value. */
const ADDED_BY_PRINTED_COMMAND = new Map([
  ['--profile', true],
  ['--base-url', true],
  ['--header-prefix', true],
  ['--insecure', false],
]);

/**
 * The words of a command line as typed, less the global options `printedCommand` adds, so
 * that a line repeating it (a `--resume`) names each of them once.
 */
export function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (word === '--') return [...words, ...argv.slice(i)];
    const [flag] = word.split('=', 1);
    const takesValue = ADDED_BY_PRINTED_COMMAND.get(flag ?? '');
    if (takesValue === undefined) words.push(word);
    else if (takesValue && !word.includes('=')) i++;
  }
  return words;
}
