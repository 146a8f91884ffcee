/** Words that a POSIX shell reads back as they are, unquoted. */
const PLAIN = /^[\w@%+=:,./-]+$/;

/** `words` as one command line that a POSIX shell splits back into the same words. */
export function shellLine(words: readonly string[]): string {
  return words
    .map((word) => (PLAIN.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}
