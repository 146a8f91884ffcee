import { describe, expect, it } from 'vitest';
import { visibleLine, visibleText } from '../../../src/text/visible.js';

describe('visibleText', () => {
  it('shows C0, DEL and C1 control characters as \\xNN and keeps line feeds', () => {
    expect(visibleText('a\u001b[2J\u0007\u0000\u007f\u009b\u0085b\nc\td\r')).toBe(
      'a\\x1b[2J\\x07\\x00\\x7f\\x9b\\x85b\nc\\x09d\\x0d',
    );
  });

  it('leaves printable text, accents and emoji alone', () => {
    expect(visibleText('José Müller ✓ 🎉 \u00a0')).toBe('José Müller ✓ 🎉 \u00a0');
  });
});

describe('invisible characters', () => {
  // Each range the escaping covers, by its first and last code point.
  const invisible = [
    [0x200b, 0x200f, 'zero-width spaces, joiners and marks'],
    [0x2028, 0x2029, 'line and paragraph separators'],
    [0x202a, 0x202e, 'bidirectional embeddings and overrides'],
    [0x2066, 0x2069, 'bidirectional isolates'],
    [0xfeff, 0xfeff, 'the byte order mark'],
    [0xe0000, 0xe007f, 'tag characters'],
  ] as const;

  for (const [first, last, what] of invisible) {
    it(`shows ${what} as \\u{XXXX}, in text and in one line`, () => {
      for (const code of [first, last]) {
        const char = String.fromCodePoint(code);
        const shown = `a\\u{${code.toString(16).toUpperCase()}}b`;
        expect(visibleText(`a${char}b`)).toBe(shown);
        expect(visibleLine(`a${char}b`)).toBe(shown);
      }
    });
  }

  it('leaves the neighbours of each range alone', () => {
    const neighbours = [0x200a, 0x2010, 0x2027, 0x202f, 0x2065, 0x206a, 0xfefe, 0xff00];
    const text = String.fromCodePoint(...neighbours);
    expect(visibleText(text)).toBe(text);
  });

  it('cannot fake a line in a question: a separator in an id stays on its line', () => {
    const id = 'a\u2028Items: 1; they are: "harmless"';
    expect(visibleText(`Delete document ${id}?`)).toBe(
      'Delete document a\\u{2028}Items: 1; they are: "harmless"?',
    );
  });

  it('cannot reverse the text after it', () => {
    expect(visibleLine('invoice\u202Efdp.exe')).toBe('invoice\\u{202E}fdp.exe');
  });
});

describe('visibleLine', () => {
  it('escapes line feeds as well, so one value stays on one line', () => {
    expect(visibleLine('a\nb\u001b')).toBe('a\\x0ab\\x1b');
  });
});
