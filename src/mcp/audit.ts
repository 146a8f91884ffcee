import type { Stats } from 'node:fs';
import type { Writable } from 'node:stream';
import { UsageError } from '../errors/errors.js';
import type { Redactor } from '../http/redact.js';
const { closeSync, constants, fchmodSync, fstatSync, openSync, writeSync } =
  process.getBuiltinModule('node:fs');

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
  /**
   * How a call that asked the person ended, on the round that carried their answer:
   * `accepted`, `declined`, `cancelled`, or `unanswerable` (its state was refused).
   */
  person?: 'accepted' | 'declined' | 'cancelled' | 'unanswerable';
}

/**
 * The arguments as the log keeps them: a confirmation token only as its SHA-256, enough to
 * match a call to its preview and not enough to act with it.
 */
function withTokenHashed(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const token = (args as Record<string, unknown>).confirmationToken;
  if (typeof token !== 'string') return args;
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256').update(token);
  return { ...args, confirmationToken: `sha256:${hash.digest('hex')}` };
}

export interface AuditLog {
  write(entry: AuditEntry): void;
  close(): void;
}

/**
 * Opens `path` for appending, creating it readable by its owner alone. An existing file is
 * made so too; a symbolic link, a hard link (a second name of another file) and a file of
 * another user are refused, so the log cannot be pointed at a file it should not append to
 * or change the mode of.
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
  const refused = refusal(fstatSync(fd));
  if (refused) {
    closeSync(fd);
    throw new UsageError(`--log-file ${path} ${refused}`);
  }
  fchmodSync(fd, 0o600);
  return fd;
}

/** Why an opened file must not be the log; undefined when it may. Checked before any write. */
function refusal(stat: Stats): string | undefined {
  if (!stat.isFile()) return 'is not a regular file';
  if (stat.nlink > 1) return `has ${stat.nlink} links (a hard link to another file)`;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `belongs to another user (uid ${stat.uid})`;
  return undefined;
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
        arguments: redactor.json(withTokenHashed(entry.arguments)),
        outcome: entry.outcome,
        ...(entry.person !== undefined && { person: entry.person }),
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
