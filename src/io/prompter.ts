import { CancelledError, UsageError } from '../errors/errors.js';
import type { IOStreams } from './streams.js';
import { plainStyle, styleFor, type Style } from './style.js';
import { visibleLine, visibleText } from '../text/visible.js';

export interface TextQuestion {
  message: string;
  /** The flag that answers this question in scripts; named when prompting is not allowed. */
  flag: string;
  default?: string;
  validate?: (value: string) => true | string;
}

export interface Choice<T extends string> {
  value: T;
  name?: string;
  description?: string;
  checked?: boolean;
}

/**
 * Questions to a person. Every question names the flag that answers it, so that where
 * prompting is not allowed (CI, no TTY, --no-input) the error tells a script what to pass.
 * @inquirer/prompts is loaded only when a question is really asked.
 */
export class Prompter {
  /** The questions' styles: the coloured ones load with the first question. */
  private paint: Style = plainStyle;

  constructor(private readonly io: IOStreams) {}

  get enabled(): boolean {
    return this.io.canPrompt;
  }

  async text(q: TextQuestion): Promise<string> {
    this.require(q.flag);
    const { input } = await this.prompts();
    return this.ask(() =>
      input(
        {
          message: visibleLine(q.message),
          ...(q.default !== undefined && { default: q.default }),
          ...(q.validate && { validate: q.validate }),
          // A rejected answer is cleared, so that what is typed next is not added to it.
          theme: { ...this.theme(), validationFailureMode: 'clear' as const },
        },
        this.context(),
      ),
    );
  }

  /**
   * A hidden answer. The password prompt keeps a rejected answer for more typing, which
   * would be added to it unseen: so it is asked again, empty, with the reason above it.
   */
  async secret(q: Omit<TextQuestion, 'default'>): Promise<string> {
    this.require(q.flag);
    const { password } = await this.prompts();
    for (;;) {
      const answer = await this.ask(() =>
        password(
          { message: visibleLine(q.message), mask: true, theme: this.theme() },
          this.context(),
        ),
      );
      const verdict = q.validate?.(answer) ?? true;
      if (verdict === true) return answer;
      this.io.stderr.write(`${this.theme().style.error(verdict)}\n`);
    }
  }

  async confirm(message: string, defaultYes = false): Promise<boolean> {
    this.require('--yes');
    const { confirm } = await this.prompts();
    return this.ask(() =>
      confirm(
        { message: visibleLine(message), default: defaultYes, theme: this.theme() },
        this.context(),
      ),
    );
  }

  async select<T extends string>(
    message: string,
    flag: string,
    choices: Choice<T>[],
    def?: T,
  ): Promise<T> {
    this.require(flag);
    const { select } = await this.prompts();
    return this.ask(() =>
      select<T>(
        {
          message: visibleLine(message),
          choices: visibleChoices(choices),
          ...(def !== undefined && { default: def }),
          theme: this.theme(),
        },
        this.context(),
      ),
    );
  }

  async checkbox<T extends string>(
    message: string,
    flag: string,
    choices: Choice<T>[],
  ): Promise<T[]> {
    this.require(flag);
    const { checkbox } = await this.prompts();
    return this.ask(() =>
      checkbox<T>(
        { message: visibleLine(message), choices: visibleChoices(choices), theme: this.theme() },
        this.context(),
      ),
    );
  }

  /** @inquirer/prompts, and the styles of its questions, loaded with the first question. */
  private async prompts() {
    const [prompts, paint] = await Promise.all([
      import('@inquirer/prompts'),
      styleFor(this.io.colorStderr),
    ]);
    this.paint = paint;
    return prompts;
  }

  private require(flag: string): void {
    if (!this.io.canPrompt) {
      throw new UsageError(`${flag} is required when svc cannot prompt`, {
        hint: 'pass the flag, or run in a terminal without --no-input / CI',
      });
    }
  }

  /**
   * Defaults, answers and validation messages may come from stored config or the service:
   * their control characters are shown, not obeyed.
   */
  private theme() {
    const { cyan, dim, red } = this.paint;
    return {
      style: {
        answer: (text: string) => cyan(visibleLine(text)),
        defaultAnswer: (text: string) => dim(`(${visibleLine(text)})`),
        error: (text: string) => red(`> ${visibleText(text)}`),
      },
    };
  }

  private context() {
    return { input: this.io.stdin, output: this.io.stderr, clearPromptOnDone: false };
  }

  private async ask<T>(question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (err) {
      if (
        err instanceof Error &&
        (err.name === 'ExitPromptError' || err.name === 'AbortPromptError')
      ) {
        throw new CancelledError('cancelled');
      }
      throw err;
    }
  }
}

function visibleChoices<T extends string>(choices: Choice<T>[]): Choice<T>[] {
  return choices.map((c) => ({
    ...c,
    name: visibleLine(c.name ?? c.value),
    ...(c.description !== undefined && { description: visibleLine(c.description) }),
  }));
}
