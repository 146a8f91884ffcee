import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { fileReason } from './file-reason.js';
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
      throw new UsageError(`cannot read ${flag} ${value}: ${fileReason(err)}`);
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

/** `--data` (a value, `@file` or `-` for stdin) and `--data-raw` (a value as it is). */
export interface DataFlags {
  data?: string;
  dataRaw?: string;
}

/**
 * The text `--data` stands for, or `--data-raw` itself: the way to give a value that
 * starts with `@` or is `-` (`--data-raw '@channel ship it'`). Undefined when neither is
 * given; the two together are refused by the command line.
 */
export async function readDataFlags(
  flags: DataFlags,
  stdin: Readable,
): Promise<string | undefined> {
  if (flags.dataRaw !== undefined) return flags.dataRaw;
  if (flags.data !== undefined) return readTextArg(flags.data, stdin, '--data');
  return undefined;
}

/** `readDataFlags` for a command that needs one of them. */
export async function requireDataFlags(flags: DataFlags, stdin: Readable): Promise<string> {
  const text = await readDataFlags(flags, stdin);
  if (text === undefined) {
    throw new UsageError(
      'give --data (the value, @file, or - for stdin), or --data-raw for a value as it is',
    );
  }
  return text;
}

/** The flag a data value came from, for messages about it. */
export function dataFlagName(flags: DataFlags): string {
  return flags.dataRaw !== undefined ? '--data-raw' : '--data';
}
