/** Words that a POSIX shell reads back as they are, unquoted. */
const PLAIN = /^[\w@%+=:,./-]+$/;

/** `words` as one command line that a POSIX shell splits back into the same words. */
export function shellLine(words: readonly string[]): string {
  return words
    .map((word) => (PLAIN.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}

/**
 * A command line from `shellLine` laid out in lines of at most `width` characters, each
 * starting with `indent`: broken only between words, never inside one (a word wider than
 * the line stays whole), each line but the last ending in ` \` so that the lines pasted
 * together are still the one command. Without a width, one line.
 */
export function shellLines(line: string, indent: string, width: number | undefined): string[] {
  if (!width || indent.length + line.length <= width) return [`${indent}${line}`];
  const lines: string[] = [];
  // Lines after the first are indented a little more, as a continued command is.
  const prefix = () => (lines.length === 0 ? indent : `${indent}  `);
  let current = '';
  for (const word of shellLineWords(line)) {
    const candidate = current === '' ? word : `${current} ${word}`;
    // Room for the ` \` that ends a line which is not the last.
    if (current !== '' && prefix().length + candidate.length + 2 > width) {
      lines.push(`${prefix()}${current} \\`);
      current = word;
    } else current = candidate;
  }
  lines.push(`${prefix()}${current}`);
  return lines;
}

/** The words of a line `shellLine` made, as quoted there: it quotes with '…' alone. */
function shellLineWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  for (const char of line) {
    if (char === "'") quoted = !quoted;
    if (char === ' ' && !quoted) {
      words.push(word);
      word = '';
    } else word += char;
  }
  words.push(word);
  return words;
}
