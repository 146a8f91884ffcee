import { openDatabase } from '../../../src/emulator/store/sqlite.js';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorError, startEmulator } from '../../../src/emulator/server.js';
import {
  createWorkspace,
  expectError,
  expectSuccess,
  keyHeaders,
  post,
  request,
  workspaceHeaders,
} from './helpers.js';
import { basicFixture } from './seed.js';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-emulator-test-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('dataDir', () => {
  it('keeps workspaces, credentials and verification across a restart', async () => {
    const first = await startEmulator({ dataDir });
    const creds = await createWorkspace(first.url, 'persist@example.com');
    await post(first.url, '/v2/workspace/email/send-login-link', {
      email: 'persist@example.com',
      continueUrl: 'http://localhost/',
    });
    const outbox = (await request(`${first.url}/_emulator/outbox`)).json as {
      messages: { link: string }[];
    };
    const link = outbox.messages[0]?.link ?? '';
    expect((await request(link)).status).toBe(302);
    await first.close();
    expect(existsSync(join(dataDir, 'emulator.db'))).toBe(true);

    const second = await startEmulator({ dataDir });
    try {
      const tokens = await post(
        second.url,
        '/v2/workspace/authtokens/get',
        { apiKey: creds.apiKey },
        workspaceHeaders(creds),
      );
      expect(expectSuccess(tokens, 'workspace.authTokens')).toEqual({
        apiKey: creds.apiKey,
        authTokens: [{ token: creds.authToken, name: 'Default Auth Token', domains: [] }],
      });
      expect(
        expectSuccess(
          await post(
            second.url,
            '/v2/organizations/folders/get',
            { organizationId: 'o' },
            keyHeaders(creds),
          ),
          'folders.get',
        ),
      ).toEqual([]);
      const status = await post(second.url, '/v2/workspace/email/status', {
        ownerEmail: 'persist@example.com',
      });
      expect(expectSuccess(status, 'workspace.emailStatus')).toEqual({ verified: true });
      expectError(
        await post(second.url, '/v2/workspace/create', { ownerEmail: 'persist@example.com' }),
        409,
        'ALREADY_EXISTS',
      );
      const mail = (await request(`${second.url}/_emulator/outbox`)).json as {
        messages: unknown[];
      };
      expect(mail.messages).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('keeps organizations, documents and their changes across a restart', async () => {
    const first = await startEmulator({ dataDir, seed: basicFixture });
    const creds = first.seeded[0];
    if (!creds) throw new Error('the fixture seeded no workspace');
    const rename = await post(
      first.url,
      '/v1/organizations/documents/update',
      { organizationId: 'acme', documents: [{ documentId: 'plan', documentName: 'Plan v2' }] },
      keyHeaders(creds),
    );
    expectSuccess(rename, 'documents.update');
    await first.close();

    const second = await startEmulator({ dataDir });
    try {
      const docs = await post(
        second.url,
        '/v1/organizations/documents/get',
        { organizationId: 'acme', documentIds: ['plan'] },
        keyHeaders(creds),
      );
      expect(expectSuccess(docs, 'documents.get')).toEqual([
        expect.objectContaining({ id: 'plan', documentName: 'Plan v2' }),
      ]);
    } finally {
      await second.close();
    }
  });

  it('keeps a workspace made with createWorkspace', async () => {
    const first = await startEmulator({ dataDir });
    const creds = first.createWorkspace({ ownerEmail: 'direct@example.com', name: 'Direct' });
    await first.close();
    const second = await startEmulator({ dataDir });
    try {
      const reply = await post(
        second.url,
        '/v2/workspace/authtokens/get',
        { apiKey: creds.apiKey },
        workspaceHeaders(creds),
      );
      expectSuccess(reply, 'workspace.authTokens');
    } finally {
      await second.close();
    }
  });

  it('refuses a database written by a newer emulator', async () => {
    const db = openDatabase(join(dataDir, 'emulator.db'));
    db.pragma('user_version = 99');
    db.close();
    await expect(startEmulator({ dataDir })).rejects.toThrow(/newer/);
  });

  it('keeps its directory and every file in it private to their owner', async () => {
    // What a default umask gives: readable by everyone.
    chmodSync(dataDir, 0o755);
    const emulator = await startEmulator({ dataDir });
    try {
      await createWorkspace(emulator.url, 'private@example.com');
      const modeOf = (path: string) => statSync(path).mode & 0o777;
      expect(modeOf(dataDir)).toBe(0o700);
      const files = readdirSync(dataDir);
      expect(files).toEqual(expect.arrayContaining(['emulator.db', 'emulator.db-wal']));
      for (const file of files) expect(modeOf(join(dataDir, file)), file).toBe(0o600);
    } finally {
      await emulator.close();
    }
  });

  it.each([
    ['a sticky shared folder such as /tmp', 0o1777],
    ['a folder everyone may write to', 0o777],
    ['a folder its group may write to', 0o770],
  ])('refuses %s and leaves its mode alone', async (_case, mode) => {
    chmodSync(dataDir, mode);
    await expect(startEmulator({ dataDir })).rejects.toThrow(
      new RegExp(`the data directory .* is shared \\(mode ${mode.toString(8)}\\)`),
    );
    expect(statSync(dataDir).mode & 0o7777).toBe(mode);
    expect(existsSync(join(dataDir, 'emulator.db'))).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)('refuses a folder that belongs to another user', async () => {
    chownSync(dataDir, 65534, 65534);
    chmodSync(dataDir, 0o755);
    await expect(startEmulator({ dataDir })).rejects.toThrow(/belongs to another user/);
    expect(statSync(dataDir).mode & 0o777).toBe(0o755);
  });

  it('opens no database through a symbolic link, and leaves its target alone', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'svc-target-'));
    try {
      const target = join(elsewhere, 'precious');
      writeFileSync(target, 'not a database', { mode: 0o644 });
      symlinkSync(target, join(dataDir, 'emulator.db'));
      await expect(startEmulator({ dataDir })).rejects.toThrow(/emulator\.db is a symbolic link/);
      expect(statSync(target).mode & 0o777).toBe(0o644);
      expect(readFileSync(target, 'utf8')).toBe('not a database');

      rmSync(join(dataDir, 'emulator.db'));
      symlinkSync(target, join(dataDir, 'emulator.db-wal'));
      await expect(startEmulator({ dataDir })).rejects.toThrow(
        /emulator\.db-wal is a symbolic link/,
      );
      expect(statSync(target).mode & 0o777).toBe(0o644);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('creates a missing data directory private to its owner', async () => {
    const nested = join(dataDir, 'a', 'state');
    const emulator = await startEmulator({ dataDir: nested });
    await emulator.close();
    expect(statSync(nested).mode & 0o777).toBe(0o700);
    expect(statSync(join(nested, 'emulator.db')).mode & 0o777).toBe(0o600);
  });

  it('starts empty without a dataDir', async () => {
    const first = await startEmulator();
    const creds = await createWorkspace(first.url, 'memory@example.com');
    await first.close();
    const second = await startEmulator();
    try {
      expectError(
        await post(
          second.url,
          '/v2/workspace/authtokens/get',
          { apiKey: creds.apiKey },
          workspaceHeaders(creds),
        ),
        404,
        'NOT_FOUND',
      );
    } finally {
      await second.close();
    }
  });
});

describe('RunningEmulator', () => {
  it('createWorkspace returns working credentials and the Workspace resource', async () => {
    const emulator = await startEmulator();
    try {
      const creds = emulator.createWorkspace({
        ownerEmail: 'exec@example.com',
        name: 'Exec',
        workspaceName: 'CI',
      });
      expect(creds.workspace).toMatchObject({
        id: creds.workspaceId,
        name: 'CI',
        authToken: creds.workspaceToken,
        owner: { email: 'exec@example.com', name: 'Exec', avatar: '' },
        apiKeyList: { [creds.apiKey]: { id: creds.apiKey, type: 'testing' } },
      });
      expect(
        expectSuccess(
          await post(
            emulator.url,
            '/v2/organizations/folders/get',
            { organizationId: 'o' },
            keyHeaders(creds),
          ),
          'folders.get',
        ),
      ).toEqual([]);
      expect(() => emulator.createWorkspace({ ownerEmail: 'exec@example.com' })).toThrow(
        expect.objectContaining({ status: 'ALREADY_EXISTS' }),
      );
      expect(() => emulator.createWorkspace({ ownerEmail: 'x@mailinator.com' })).toThrow(
        expect.objectContaining({ status: 'INVALID_ARGUMENT' }),
      );
      expect(() => emulator.createWorkspace({ ownerEmail: 'not an email' })).toThrow(EmulatorError);
    } finally {
      await emulator.close();
    }
  });

  it('ensureWorkspace gives back the same workspace across a restart on the same data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-ensure-'));
    const first = await startEmulator({ dataDir });
    const a = first.ensureWorkspace({ ownerEmail: 'owner@example.com' });
    expect(first.ensureWorkspace({ ownerEmail: 'owner@example.com' })).toEqual(a);
    await first.close();
    const second = await startEmulator({ dataDir });
    try {
      const b = second.ensureWorkspace({ ownerEmail: 'owner@example.com' });
      expect(b.workspaceId).toBe(a.workspaceId);
      expect(b.authToken).toBe(a.authToken);
      expect(second.ensureWorkspace({ ownerEmail: 'other@example.com' }).workspaceId).not.toBe(
        a.workspaceId,
      );
    } finally {
      await second.close();
    }
  });

  it('reports its URL and port, and close is idempotent and really stops it', async () => {
    const emulator = await startEmulator({ port: 0, host: '127.0.0.1' });
    expect(emulator.url).toBe(`http://127.0.0.1:${emulator.port}`);
    expect(emulator.port).toBeGreaterThan(0);
    await Promise.all([emulator.close(), emulator.close()]);
    await emulator.close();
    await expect(fetch(`${emulator.url}/_emulator/health`)).rejects.toThrow();
    expect(() => emulator.createWorkspace({ ownerEmail: 'late@example.com' })).toThrow(
      expect.objectContaining({ status: 'UNAVAILABLE' }),
    );
  });

  it('gives a loopback URL when bound to every interface', async () => {
    const emulator = await startEmulator({ host: '0.0.0.0' });
    try {
      expect(emulator.url).toBe(`http://127.0.0.1:${emulator.port}`);
      expect((await request(`${emulator.url}/_emulator/health`)).status).toBe(200);
    } finally {
      await emulator.close();
    }
  });

  it('fails to start on a port in use, and leaves nothing open', async () => {
    const running = await startEmulator();
    try {
      await expect(startEmulator({ port: running.port })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await running.close();
    }
  });
});
