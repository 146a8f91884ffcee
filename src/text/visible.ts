/**
 * Text from the service, a file or argv may hold terminal control sequences: ESC starts
 * OSC 0 (window title), OSC 8 (links), OSC 52 (clipboard) and CSI (clear screen, move the
 * cursor), BEL and C1 codes do the same on some terminals. Anything printed for a person
 * shows them as `\xNN` instead of letting the terminal obey them.
 */

// C0, DEL and C1: every code a terminal may act on.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

function escapeOne(char: string): string {
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/** Every control character escaped except line feeds, which separate the lines of a message. */
export function visibleText(text: string): string {
  return text.replace(CONTROL, (c) => (c === '\n' ? c : escapeOne(c)));
}

/** One line: every control character escaped, line feeds too. */
export function visibleLine(text: string): string {
  return text.replace(CONTROL, escapeOne);
}
