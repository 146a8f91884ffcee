import { describe, expect, it } from 'vitest';
import { fieldLine, recordLines } from '../../../src/io/record-block.js';

describe('recordLines', () => {
  const fields = [
    { label: 'ID:', value: 'ci-example.com-workspace-1234567890', wraps: false },
    { label: 'ACCESS:', value: 'organizationPrivate', wraps: false },
    { label: 'MESSAGE:', value: 'the folder was moved under its new parent', wraps: true },
  ];

  it('lines the values up after the widest label', () => {
    expect(recordLines(fields, undefined)).toEqual([
      'ID:       ci-example.com-workspace-1234567890',
      'ACCESS:   organizationPrivate',
      'MESSAGE:  the folder was moved under its new parent',
    ]);
  });

  it('keeps an id whole however narrow, and wraps free text between words under its value', () => {
    const lines = recordLines(fields, 30);
    expect(lines[0]).toBe('ID:       ci-example.com-workspace-1234567890');
    expect(lines[2]).toBe('MESSAGE:  the folder was moved\n          under its new parent');
  });

  it('puts a value too long beside its label on the line below, where that keeps it whole', () => {
    expect(recordLines(fields.slice(0, 2), 40)).toEqual([
      'ID:\n  ci-example.com-workspace-1234567890',
      'ACCESS:  organizationPrivate',
    ]);
  });

  it('dresses the padded label', () => {
    expect(recordLines(fields.slice(0, 1), 80, (l) => `<${l}>`)).toEqual([
      '<ID:>  ci-example.com-workspace-1234567890',
    ]);
  });
});

describe('fieldLine', () => {
  const lead = 'Workspace  ';
  const fields = ['ws_7Hq2LmN9', 'token ****abcd', '[file]', 'valid'];

  it('is one line when it fits', () => {
    expect(fieldLine(lead, fields, 80)).toBe(
      'Workspace  ws_7Hq2LmN9  token ****abcd  [file]  valid',
    );
    expect(fieldLine(lead, fields, undefined)).toBe(
      'Workspace  ws_7Hq2LmN9  token ****abcd  [file]  valid',
    );
  });

  it('breaks between fields, never inside one, the next line under the first field', () => {
    expect(fieldLine(lead, fields, 48)).toBe(
      'Workspace  ws_7Hq2LmN9  token ****abcd  [file]\n           valid',
    );
  });

  it('wraps a field wider than a line between its own words', () => {
    const reason = 'rejected (UNAUTHENTICATED: the API key is not known here)';
    const text = fieldLine(lead, ['key', reason], 40);
    expect(text.split('\n').every((line) => line.length <= 40)).toBe(true);
    expect(text).toBe(
      'Workspace  key\n           rejected (UNAUTHENTICATED:\n           the API key is not known\n           here)',
    );
  });
});
