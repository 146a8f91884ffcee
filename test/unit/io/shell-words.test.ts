import { describe, expect, it } from 'vitest';
import { shellLine } from '../../../src/io/shell-words.js';

describe('shellLine', () => {
  it('leaves plain words alone and single-quotes the others', () => {
    expect(shellLine(['folders', 'add', '--org', 'acme', '--file', './in/f.ndjson'])).toBe(
      'folders add --org acme --file ./in/f.ndjson',
    );
    expect(shellLine(['--file', 'my folders.csv', "it's", '$HOME', ''])).toBe(
      `--file 'my folders.csv' 'it'\\''s' '$HOME' ''`,
    );
  });
});
