import { describe, expect, it } from 'vitest';
import { fitStatus } from '../../../src/io/status-line.js';

const line = 'could not connect (ECONNREFUSED), retrying in 188ms, attempt 2 of 4';

describe('fitStatus', () => {
  it('leaves a line that fits alone', () => {
    expect(fitStatus(line, 80)).toBe(line);
    expect(fitStatus(line, undefined)).toBe(line);
  });

  it('leaves out asides, then trailing parts, never cutting a duration', () => {
    expect(fitStatus(line, 60)).toBe('could not connect, retrying in 188ms, attempt 2 of 4');
    expect(fitStatus(line, 47)).toBe('could not connect, retrying in 188ms…');
    expect(fitStatus(line, 30)).toBe('could not connect…');
  });
});
