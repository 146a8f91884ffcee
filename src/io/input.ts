import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../errors/errors.js';
import { locateJsonError } from './json-syntax.js';

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

/** Parses JSON from a flag, naming the flag and the line and column of a syntax error. */
export async function parseJsonArg(text: string, flag: string): Promise<unknown> {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const problem = await locateJsonError(text);
    const where = problem ? ` at line ${problem.line}, column ${problem.column}` : '';
    throw new UsageError(`${flag} is not valid JSON${where}: ${problem?.reason ?? 'no value'}`);
  }
}

export async function readJsonArg(value: string, stdin: Readable, flag: string): Promise<unknown> {
  return parseJsonArg(await readTextArg(value, stdin, flag), flag);
}
