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

describe('visibleLine', () => {
  it('escapes line feeds as well, so one value stays on one line', () => {
    expect(visibleLine('a\nb\u001b')).toBe('a\\x0ab\\x1b');
  });
});
