import type { Writable } from 'node:stream';
import { visibleLine } from './visible.js';

/** Return to the start of the line and erase it. */
const ERASE = '\r\x1b[2K';

/**
 * One line on a terminal that is rewritten in place ("retrying in 10s, attempt 2 of 4")
 * and erased when it has nothing more to say, so that it leaves no trace in the output.
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
    const width = this.columns && this.columns > 1 ? this.columns - 1 : undefined;
    const fitted = width && line.length > width ? `${line.slice(0, width - 1)}…` : line;
    this.stream.write(`${ERASE}${fitted}`);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    this.stream.write(ERASE);
    this.shown = false;
  }
}
