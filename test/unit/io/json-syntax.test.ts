import { describe, expect, it } from 'vitest';
import { locateJsonError } from '../../../src/io/json-syntax.js';

describe('locateJsonError', () => {
  it.each([
    ['{\n  "x": 1,\n  "y": }\n', 3, 8, 'value expected, found "}"'],
    ['[1,2,,3]', 1, 6, 'value expected, found ","'],
    ['{"a" 1}', 1, 6, 'colon expected, found "1"'],
    ['{"a":1,}', 1, 8, 'property name expected, found "}"'],
    ['{"a":1}}', 1, 8, 'end of file expected, found "}"'],
    ['{"a":', 1, 6, 'value expected at the end of the input'],
    ['// note\n{}', 1, 1, 'invalid comment token, found "/"'],
  ])('%j: line %i, column %i', async (text, line, column, reason) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(await locateJsonError(text)).toEqual({ line, column, reason });
  });

  it('finds nothing wrong in valid JSON', async () => {
    expect(await locateJsonError('{"a": [1, 2, {"b": null}]}')).toBeUndefined();
  });
});
