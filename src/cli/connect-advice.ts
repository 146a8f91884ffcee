import { commandWords, printedCommand, type Invocation } from './printed-command.js';

/**
 * What a failed connection says of the base URL: where it came from (`--base-url`,
 * `SVC_BASE_URL`, a profile) and how to change it there. A profile's URL goes stale when the
 * service it named moves (an in-memory emulator restarted on another port); the flag and the
 * variable the user just typed are not the ones to check then.
 */
export function connectAdvice(
  invocation: Invocation & { argv: readonly string[] },
  source: string,
): { source: string; hint: string } {
  if (!source.startsWith('profile "'))
    return {
      source,
      hint: `check ${source || '--base-url or SVC_BASE_URL'}, and that the service is running`,
    };
  const name = source.slice('profile "'.length, -1);
  const once = printedCommand(invocation, ['--base-url', 'URL', ...commandWords(invocation.argv)]);
  const store = printedCommand(
    { ...invocation, globals: { ...invocation.globals, profile: name } },
    ['auth', 'login', '--base-url', 'URL'],
  );
  return {
    source,
    hint: `check that the service is running there; to use another URL once: ${once}\nto store another in profile "${name}": ${store}`,
  };
}
