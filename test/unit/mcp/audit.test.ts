import {
  chownSync,
  linkSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors/errors.js';
import { Redactor } from '../../../src/http/redact.js';
import { openAuditLog } from '../../../src/mcp/audit.js';

const entry = {
  tool: 'workspace_email_config',
  arguments: {
    useEmailService: true,
    emailServiceConfig: { type: 'sendgrid', apiKey: 'provider-key-0123456789' },
    note: 'sent with tok_live_abcdef123',
  },
  outcome: 'ok' as const,
  latencyMs: 1.23456,
};

describe('the audit log', () => {
  it('writes one JSON line a call, secrets redacted, on stderr by default', () => {
    let text = '';
    const stderr = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const log = openAuditLog({ stream: stderr }, new Redactor().add('tok_live_abcdef123'), () => 0);
    log.write(entry);
    log.write({ ...entry, outcome: 'refused', reason: 'the confirmation token expired' });
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      audit: {
        time: '1970-01-01T00:00:00.000Z',
        tool: 'workspace_email_config',
        arguments: {
          useEmailService: true,
          emailServiceConfig: { type: 'sendgrid', apiKey: '[redacted]' },
          note: 'sent with [redacted]',
        },
        outcome: 'ok',
        latencyMs: 1.23,
      },
    });
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({
      audit: { outcome: 'refused', reason: 'the confirmation token expired' },
    });
  });

  it('appends to --log-file, created or made readable by its owner alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-audit-'));
    const created = join(dir, 'new.log');
    const log = openAuditLog({ file: created }, new Redactor());
    log.write(entry);
    log.write(entry);
    log.close();
    expect(statSync(created).mode & 0o777).toBe(0o600);
    expect(readFileSync(created, 'utf8').trimEnd().split('\n')).toHaveLength(2);
    expect(readFileSync(created, 'utf8')).not.toContain('provider-key-0123456789');

    const open = join(dir, 'open.log');
    writeFileSync(open, 'earlier line\n', { mode: 0o644 });
    const again = openAuditLog({ file: open }, new Redactor());
    again.write(entry);
    again.close();
    expect(statSync(open).mode & 0o777).toBe(0o600);
    expect(readFileSync(open, 'utf8')).toMatch(/^earlier line\n\{"audit"/);
  });

  it('refuses a log file that is a symbolic link', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-audit-'));
    const target = join(dir, 'elsewhere');
    writeFileSync(target, '');
    const link = join(dir, 'audit.log');
    symlinkSync(target, link);
    expect(() => openAuditLog({ file: link }, new Redactor())).toThrow(UsageError);
    expect(() => openAuditLog({ file: link }, new Redactor())).toThrow('it is a symbolic link');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('');
  });

  it('refuses a log file with a second name (a hard link), leaving its target as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-audit-'));
    const target = join(dir, 'elsewhere');
    writeFileSync(target, 'kept\n', { mode: 0o644 });
    const link = join(dir, 'audit.log');
    linkSync(target, link);
    expect(() => openAuditLog({ file: link }, new Redactor())).toThrow(
      '--log-file ' + link + ' has 2 links (a hard link to another file)',
    );
    expect(readFileSync(target, 'utf8')).toBe('kept\n');
    expect(statSync(target).mode & 0o777).toBe(0o644);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses a log file of another user, leaving it as it was (run as root, who can make one)',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-audit-'));
      const theirs = join(dir, 'audit.log');
      writeFileSync(theirs, 'theirs\n', { mode: 0o644 });
      chownSync(theirs, 1, 1);
      expect(() => openAuditLog({ file: theirs }, new Redactor())).toThrow(
        'belongs to another user (uid 1)',
      );
      expect(readFileSync(theirs, 'utf8')).toBe('theirs\n');
      expect(statSync(theirs).mode & 0o777).toBe(0o644);
    },
  );
});

describe('confirmation tokens in the audit log', () => {
  it('are kept only as their SHA-256, and the answer of the person beside the outcome', () => {
    let text = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const log = openAuditLog({ stream }, new Redactor(), () => 0);
    const token = 'nonce123.lq2x.bWFjLW9mLXRoZS10b2tlbg';
    log.write({
      tool: 'docs_disable',
      arguments: { organizationId: 'acme', documentIds: ['plan'], confirmationToken: token },
      outcome: 'ok',
      latencyMs: 1,
      person: 'accepted',
    });
    expect(text).not.toContain(token);
    const hash = createHash('sha256').update(token).digest('hex');
    const { audit } = JSON.parse(text) as { audit: Record<string, unknown> };
    expect(audit.arguments).toEqual({
      organizationId: 'acme',
      documentIds: ['plan'],
      confirmationToken: `sha256:${hash}`,
    });
    expect(audit.person).toBe('accepted');
  });
});
