import { describe, expect, it } from 'vitest';
import { fileReason } from '../../../src/io/file-reason.js';

const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('fileReason', () => {
  it('says what went wrong in the system words, not its code', () => {
    expect(fileReason(systemError('EROFS', "EROFS: read-only file system, mkdir '/s/j'"))).toBe(
      'read-only file system',
    );
    expect(fileReason(systemError('ENOSPC', 'ENOSPC: no space left on device, write'))).toBe(
      'no space left on device',
    );
    expect(fileReason(systemError('ENOENT', "ENOENT: no such file or directory, open 'x'"))).toBe(
      'no such file',
    );
    expect(fileReason(new Error('something else'))).toBe('something else');
  });
});
