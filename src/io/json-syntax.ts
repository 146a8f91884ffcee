import type { ParseError } from 'jsonc-parser';

/** Where a JSON text stops being JSON, and why, in words a person can act on. */
export interface JsonSyntaxProblem {
  line: number;
  column: number;
  reason: string;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/**
 * Locates the first syntax error of a text that `JSON.parse` rejected. Node 20's messages
 * often carry no position, so the text is scanned again with a parser that reports one;
 * it loads only here, on the error path.
 */
export async function locateJsonError(text: string): Promise<JsonSyntaxProblem | undefined> {
  const { parse, printParseErrorCode } = await import('jsonc-parser');
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (!first) return undefined;
  const words = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  const found = text[first.offset];
  const reason =
    found === undefined
      ? `${words} at the end of the input`
      : `${words}, found ${JSON.stringify(found)}`;
  return { ...lineAndColumn(text, first.offset), reason };
}
