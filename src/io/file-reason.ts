/**
 * Why a file operation failed, in words (`no such file`, `read-only file system`) rather
 * than as an error code: the system's own description, which Node puts after the code in
 * the message (`EROFS: read-only file system, mkdir '/x'`).
 */
export function fileReason(err: unknown): string {
  const code = (err as { code?: string }).code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') {
    return `it starts as gzip but does not decompress (${message})`;
  }
  const described = /^[A-Z0-9_]+: ([^,]+)/.exec(message)?.[1];
  return described ?? code ?? message;
}
