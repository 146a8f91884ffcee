import { describe, expect, it } from 'vitest';
import { shellLine, shellLines } from '../../../src/io/shell-words.js';

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

describe('shellLines', () => {
  const line = shellLine([
    'svc',
    'workspace',
    'login-link',
    '--email',
    'ada@example.com',
    '--continue-url',
    'http://localhost:3000/',
    '--note',
    'two words',
  ]);

  it('keeps a line that fits as one line', () => {
    expect(shellLines(line, '  ', 120)).toEqual([`  ${line}`]);
    expect(shellLines(line, '  ', undefined)).toEqual([`  ${line}`]);
  });

  it('breaks only between words, with continuations that paste back into the same line', () => {
    const lines = shellLines(line, '    ', 40);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(40);
    expect(lines.some((l) => l.includes("'two words'"))).toBe(true);
    const pasted = lines.map((l) => l.replace(/ \\$/, '').trim()).join(' ');
    expect(pasted).toBe(line);
  });

  it('leaves a word wider than the line whole', () => {
    const long = shellLine(['svc', 'x', `--url`, `http://${'a'.repeat(50)}.example/`]);
    const lines = shellLines(long, '  ', 30);
    expect(lines.at(-1)).toBe(`    http://${'a'.repeat(50)}.example/`);
  });
});
