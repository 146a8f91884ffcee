/**
 * Text from the service, a file or argv may hold terminal control sequences: ESC starts
 * OSC 0 (window title), OSC 8 (links), OSC 52 (clipboard) and CSI (clear screen, move the
 * cursor), BEL and C1 codes do the same on some terminals. Anything printed for a person
 * shows them as `\xNN` instead of letting the terminal obey them.
 *
 * It may also hold characters that draw nothing yet change what a reader sees: bidirectional
 * overrides and isolates reverse or reorder the text around them, the line and paragraph
 * separators start a line a terminal or an agent reads as svc's own, and zero-width and tag
 * characters hide text inside an id. Those are shown by their code point in hex, as `\u{202E}`.
 */

// C0, DEL and C1: every code a terminal may act on; then the invisible ones: zero-width
// spaces, joiners and marks (U+200B–200F), line and paragraph separators (U+2028, U+2029),
// bidirectional embeddings and overrides (U+202A–202E) and isolates (U+2066–2069), the byte
// order mark (U+FEFF) and tag characters (U+E0000–E007F).
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;

function escapeOne(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u{${code.toString(16).toUpperCase()}}`;
}

/** Every control character escaped except line feeds, which separate the lines of a message. */
export function visibleText(text: string): string {
  return text.replace(CONTROL, (c) => (c === '\n' ? c : escapeOne(c)));
}

/** One line: every control character escaped, line feeds too. */
export function visibleLine(text: string): string {
  return text.replace(CONTROL, escapeOne);
}
