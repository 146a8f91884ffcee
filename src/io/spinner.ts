import type { IOStreams } from './streams.js';

export interface Spinner {
  /** False when nothing is shown: callers can skip composing text no one will see. */
  readonly active: boolean;
  update(text: string): void;
  stop(finalLine?: string): void;
}

const silent: Spinner = { active: false, update() {}, stop() {} };

/** A spinner on stderr when it is a terminal and output is for people; silent otherwise. */
export async function startSpinner(io: IOStreams, json: boolean, text: string): Promise<Spinner> {
  if (!io.stderrIsTTY || json) return silent;
  const { default: ora } = await import('ora');
  const spinner = ora({
    text,
    stream: io.stderr,
    color: 'cyan',
    isEnabled: true,
    discardStdin: false,
  });
  spinner.start();
  return {
    active: true,
    update(next) {
      spinner.text = next;
    },
    stop(finalLine) {
      if (finalLine) spinner.succeed(finalLine);
      else spinner.stop();
    },
  };
}
