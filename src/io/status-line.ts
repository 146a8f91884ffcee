import type { Writable } from 'node:stream';
import { visibleLine } from '../text/visible.js';

/** Return to the start of the line and erase it. */
const ERASE = '\r\x1b[2K';

/**
 * What owns the one status line of a stream while it runs: a spinner. A retry notice shown
 * meanwhile joins its line rather than writing a second one under it, which the spinner's
 * next frame would leave behind (at 50 columns, a wait through an outage piled up a line
 * a retry).
 */
export interface StatusOwner {
  /** Shows `notice` on the owner's line; undefined takes it away. */
  notice(text: string | undefined): void;
}

const owners = new WeakMap<Writable, StatusOwner>();

/** While `owner` runs, notices for `stream` go to it; call the returned function when it stops. */
export function ownStatusLine(stream: Writable, owner: StatusOwner): () => void {
  owners.set(stream, owner);
  return () => {
    if (owners.get(stream) === owner) owners.delete(stream);
  };
}

/**
 * `text` made to fit `width` characters without cutting a number or a word: first the
 * asides in parentheses go ("(ECONNREFUSED)"), then the parts after commas, from the last
 * ("attempt 2 of 4"), then whole words, and `…` says something was left out. `188ms`
 * never becomes `188m`.
 */
export function fitStatus(text: string, width: number | undefined): string {
  if (!width || width <= 1 || text.length <= width) return text;
  const plain = text.replace(/ \([^()]*\)/g, '');
  if (plain.length <= width) return plain;
  const parts = plain.split(', ');
  while (parts.length > 1) {
    parts.pop();
    const shorter = `${parts.join(', ')}…`;
    if (shorter.length <= width) return shorter;
  }
  const words = (parts[0] ?? '').split(' ');
  while (words.length > 1) {
    words.pop();
    const shorter = `${words.join(' ')}…`;
    if (shorter.length <= width) return shorter;
  }
  return `${[...text].slice(0, width - 1).join('')}…`;
}

/**
 * One line on a terminal that is rewritten in place ("retrying in 10s, attempt 2 of 4")
 * and erased when it has nothing more to say, so that it leaves no trace in the output.
 * While a spinner owns the stream's line, the text is shown on the spinner's line instead.
 */
export class StatusLine {
  private shown = false;

  constructor(
    private readonly stream: Writable,
    /** The terminal's width: a longer line would wrap, and only its last row be rewritten. */
    private readonly columns: number | undefined,
  ) {}

  show(text: string): void {
    const line = visibleLine(text);
    const owner = owners.get(this.stream);
    if (owner) {
      owner.notice(line);
      this.shown = true;
      return;
    }
    const width = this.columns && this.columns > 1 ? this.columns - 1 : undefined;
    this.stream.write(`${ERASE}${fitStatus(line, width)}`);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    const owner = owners.get(this.stream);
    if (owner) owner.notice(undefined);
    else this.stream.write(ERASE);
    this.shown = false;
  }
}
