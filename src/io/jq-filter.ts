import type { Jq } from 'jq-wasm/inline';
import { UsageError } from '../errors/errors.js';
import { visibleText } from '../text/visible.js';

/**
 * `--jq EXPR`: real jq (jq-wasm, the jq C sources compiled to WebAssembly) applied to the
 * document `--json` would print. Results are printed as `jq -r` prints them, as gh does: a
 * string as its text, anything else as JSON, compact on a pipe and indented on a terminal
 * like `--json` itself. On a terminal a string's control characters are shown as `\x1b`
 * and the like, as in every other line for people: a name from the service must not retitle
 * the window or colour the screen. Piped, strings stay exactly as they are, for scripts.
 */
export class JqFilter {
  private constructor(
    private readonly jq: Jq,
    private readonly expression: string,
    /** stdout is a terminal: JSON indented, strings' control characters made visible. */
    private readonly terminal: boolean,
  ) {}

  /**
   * Loads jq and compiles `expression`, so that a mistake in it stops the command before
   * anything is sent. jq compiles the program before it reads input, and given no input it
   * never runs it: a compile error is found without running anything.
   */
  static async compile(expression: string, terminal: boolean): Promise<JqFilter> {
    // Inline: the WebAssembly comes inside the module, so the bundle and the single
    // executable need no file of its own beside them.
    const { loadJq } = await import('jq-wasm/inline');
    const jq = await loadJq();
    const check = jq.raw('', expression);
    if (check.exitCode !== 0) throw new UsageError(`--jq: ${jqMessage(check.stderr)}`);
    return new JqFilter(jq, expression, terminal);
  }

  /**
   * The text to print for the JSON document `json`: each result on its own line; nothing
   * when there are none. A failure of the expression on this document (jq's exit 5, or
   * `error`/`halt_error` in it) is a usage error, and none of its results are printed.
   */
  apply(json: string): string {
    // jq-wasm trims what jq printed, which would eat the spaces that end a raw string. As
    // compact JSON, one result a line, no result starts or ends with a space: strings are
    // decoded here, which is exactly what `-r` prints, and on a terminal the others are
    // indented by jq itself.
    const result = this.jq.raw(json, this.expression, ['-c']);
    if (result.exitCode !== 0) {
      throw new UsageError(`--jq: ${jqMessage(result.stderr)}`, {
        hint: 'the command itself succeeded; only its output was not printed',
      });
    }
    if (result.stdout === '') return '';
    let text = '';
    for (const line of result.stdout.split('\n')) {
      if (line.startsWith('"')) text += `${this.raw(JSON.parse(line) as string)}\n`;
      else text += `${this.terminal ? this.jq.raw(line, '.').stdout : line}\n`;
    }
    return text;
  }

  /** A string result as printed: as it is when piped, nothing a terminal obeys otherwise. */
  private raw(text: string): string {
    return this.terminal ? visibleText(text) : text;
  }
}

/** jq's message without its `jq: error:` prefix, the excerpt of the program, and the count. */
function jqMessage(stderr: string): string {
  const [first = 'jq failed'] = stderr.split('\n');
  return (
    first
      .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
      .replace(/ at <top-level>, /, ' at ')
      .replace(/:$/, '') || 'jq failed'
  );
}
