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
 * `--base-url` only when it was a flag, since a profile's or the environment's URL is found
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
    ...(globals.insecure ? ['--insecure'] : []),
    ...words,
  ]);
}
