import { closeSync, constants, fchmodSync, fstatSync, openSync, writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { UsageError } from '../errors/errors.js';
import type { Redactor } from '../http/redact.js';

/**
 * One JSON line per tool call: when, which tool, its arguments with secrets redacted, how it
 * ended and how long it took. On stderr, or appended to `--log-file`.
 */

export type Outcome =
  | 'ok'
  | 'partial'
  | 'preview'
  | 'refused'
  | 'invalid'
  | 'error'
  | 'failed'
  | 'timed out'
  | 'cancelled';

export interface AuditEntry {
  tool: string;
  arguments: unknown;
  outcome: Outcome;
  latencyMs: number;
  /** Why it did not succeed, in svc's words. */
  reason?: string;
}

export interface AuditLog {
  write(entry: AuditEntry): void;
  close(): void;
}

/**
 * Opens `path` for appending, creating it readable by its owner alone. An existing file is
 * made so too; a symbolic link is refused, so the log cannot be pointed at another file.
 */
function openLogFile(path: string): number {
  let fd: number;
  try {
    fd = openSync(
      path,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
      0o600,
    );
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
    const why = code === 'ELOOP' ? 'it is a symbolic link' : code;
    throw new UsageError(`--log-file ${path} cannot be opened: ${why}`);
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new UsageError(`--log-file ${path} is not a regular file`);
  }
  fchmodSync(fd, 0o600);
  return fd;
}

export function openAuditLog(
  target: { file: string } | { stream: Writable },
  redactor: Redactor,
  now: () => number = Date.now,
): AuditLog {
  const fd = 'file' in target ? openLogFile(target.file) : undefined;
  const emit = (line: string) => {
    if (fd !== undefined) writeSync(fd, line);
    else if ('stream' in target) target.stream.write(line);
  };
  return {
    write(entry) {
      const record = {
        time: new Date(now()).toISOString(),
        tool: entry.tool,
        arguments: redactor.json(entry.arguments),
        outcome: entry.outcome,
        latencyMs: Math.round(entry.latencyMs * 100) / 100,
        ...(entry.reason !== undefined && { reason: redactor.text(entry.reason) }),
      };
      emit(`${JSON.stringify({ audit: record })}\n`);
    },
    close() {
      if (fd !== undefined) closeSync(fd);
    },
  };
}
