import { Help } from 'commander';

/**
 * Commander's wrapper already breaks at whitespace, keeps a word wider than the line whole on
 * a line of its own, and measures text without its colour codes; it only declines widths
 * under 40, which a narrow terminal has.
 */
const wrapper = new Help();
wrapper.minWidthToWrap = 1;

/** How many columns `text` takes on a terminal, its colour codes left out. */
export function displayWidth(text: string): number {
  return wrapper.displayWidth(text);
}

/** Below this many columns for the text itself, a hanging indent costs more than it helps. */
const NARROWEST_TEXT = 16;

/** Stands for a space that must not break the line: one inside a quoted command. */
const KEPT_SPACE = '\u{E000}';

/**
 * A command svc prints for pasting, unquoted in a sentence: from `svc` to the end of its line,
 * carrying a flag, or an `export NAME=value` (printedCommand's lines and the emulator's ready
 * line end their sentences so). A line break put inside it would paste as two commands, so it
 * is kept as one word; a terminal's own soft wrap of a long one pastes whole. A command only
 * named in prose ("run svc auth login to store them") wraps as words.
 */
const PRINTED_COMMAND = /(?<=^|\s)(svc \S.* --\S.*|export [A-Z_]+=.*)$/;

/**
 * `text` broken into lines of at most `width` columns, only at spaces, never inside a word
 * (a word wider than the line stays whole on its own line). A command in backticks is one
 * word, so it stays on one line to be copied whole, and so, with `commands` (svc's own
 * notices and hints, not help prose or the service's text), is an unquoted printed command
 * (above); a line that starts with spaces is laid
 * out already (a command to paste, a list) and is left as it is. Each line is wrapped as if
 * it started with `indent`: the first starts with what stands in its place (a `hint: `
 * label as wide as it), the lines added start with `indent` itself, so the text lines up
 * under itself. Without a width (not a terminal), `text` as it is.
 */
export function wrapWords(
  text: string,
  width: number | undefined,
  indent = '',
  options: { commands?: boolean } = {},
): string {
  if (!width || width <= 0) return text;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s/.test(line) || wrapper.displayWidth(line) <= width) return line;
      const hanging = width - indent.length >= NARROWEST_TEXT ? indent : '';
      const keep = (run: string) => run.replaceAll(' ', KEPT_SPACE);
      let body = line.slice(hanging.length).replace(/`[^`]*`/g, keep);
      if (options.commands) body = body.replace(PRINTED_COMMAND, keep);
      const wrapped = wrapper
        .boxWrap(body, Math.max(1, width - hanging.length))
        .replaceAll(KEPT_SPACE, ' ');
      return `${line.slice(0, hanging.length)}${wrapped.replace(/\n/g, `\n${hanging}`)}`;
    })
    .join('\n');
}
