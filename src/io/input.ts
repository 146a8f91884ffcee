import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../errors/errors.js';

export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** `VALUE`, `@file` or `-` (stdin): the text a flag such as `--data` stands for. */
export async function readTextArg(value: string, stdin: Readable, flag: string): Promise<string> {
  if (value === '-') return readAll(stdin);
  if (value.startsWith('@')) {
    const path = value.slice(1);
    try {
      return await readFile(path, 'utf8');
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'unreadable';
      throw new UsageError(`cannot read ${flag} file ${path}: ${code}`);
    }
  }
  return value;
}

/** Line and column of a character offset, for error messages people can act on. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** Parses JSON from a flag, naming the flag and the position of a syntax error. */
export function parseJsonArg(text: string, flag: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const position = /position (\d+)/.exec(message);
    const where = position ? ` at ${lineAndColumn(text, Number(position[1]))}` : '';
    const reason = message
      .replace(/^Unexpected/, 'unexpected')
      .replace(/ in JSON at position \d+.*$/, '');
    throw new UsageError(`${flag} is not valid JSON${where}: ${reason}`);
  }
}

export async function readJsonArg(value: string, stdin: Readable, flag: string): Promise<unknown> {
  return parseJsonArg(await readTextArg(value, stdin, flag), flag);
}
