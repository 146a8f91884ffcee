import type { Writable } from 'node:stream';

/** How output longer than the terminal is shown: the command line of a pager, and its environment. */
export interface PagerSettings {
  command: string;
  env: Record<string, string>;
}

/** Variables that hold secrets or choose svc's credentials: a pager has no use for them. */
const SECRET = /^SVC_|TOKEN|SECRET|PASSWORD|_KEY$/i;

/**
 * The pager of a run, as gh chooses it: `SVC_PAGER`, else `PAGER`, else `less`; none with
 * `--no-pager`, or when the variable is empty or `cat`. `less` gets `LESS=FRX` when LESS is
 * unset (quit when the text fits, keep colours, leave the text on the screen), as gh sets
 * it. The pager's environment is svc's without its secrets.
 */
export function pagerSettings(
  env: Readonly<Record<string, string | undefined>>,
  noPagerFlag: boolean,
): PagerSettings | undefined {
  if (noPagerFlag) return undefined;
  const command = (env.SVC_PAGER ?? env.PAGER ?? 'less').trim();
  if (command === '' || command === 'cat') return undefined;
  const childEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !SECRET.test(name)) childEnv[name] = value;
  }
  childEnv.LESS ??= 'FRX';
  return { command, env: childEnv };
}

/**
 * Hands `text` to the pager and resolves when the person has left it. Output the pager does
 * not take (it was quit before reading it all) is dropped quietly, as `| head` does. A pager
 * that cannot be started leaves the text to `fallback` (stdout), so nothing is lost.
 */
export async function page(
  settings: PagerSettings,
  text: string,
  fallback: Writable,
): Promise<void> {
  const { spawn } = await import('node:child_process');
  await new Promise<void>((resolve) => {
    const child = spawn(settings.command, {
      shell: true,
      stdio: ['pipe', 'inherit', 'inherit'],
      env: settings.env,
    });
    let started = true;
    child.on('error', () => {
      started = false;
      fallback.write(text);
      resolve();
    });
    child.stdin.on('error', () => undefined);
    child.on('close', () => {
      if (started) resolve();
    });
    child.stdin.end(text);
  });
}
