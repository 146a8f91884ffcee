import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { inputFiles } from '../support/input-files.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * What bulk commands make of the files people really feed them: spreadsheet exports in
 * cp1252 or UTF-16, gzip, `jq` output without `-r`, a CSV passed as a list of ids, a
 * misspelt column. Each is read exactly or refused with its line before anything is sent.
 */

const basic = useEmulator();

const { file, refused } = inputFiles(basic, 'svc-bulk-input');

describe('a field the command does not know', () => {
  // Bulk commands with a file of each kind whose one field is misspelt, end to end; that
  // every bulk command refuses an unknown field is test/unit/commands/bulk-unknown-field.test.ts.
  it.each([
    [
      'folders add',
      'folderId,folderName,parentFolderID\nf1,One,\nf2,Two,f1\n',
      '.csv',
      'line 3',
      'parentFolderID',
      'parentFolderId',
    ],
    [
      'groups add',
      '{"groupId":"g1","groupname":"G"}\n',
      '.ndjson',
      'line 1',
      'groupname',
      'groupName',
    ],
    [
      'orgs update',
      '[{"organizationId":"acme","organisationName":"A"}]',
      '.json',
      'index 0',
      'organisationName',
      'organizationName',
    ],
    [
      'docs update',
      'documentId,documentNmae\nplan,Plan\n',
      '.csv',
      'line 2',
      'documentNmae',
      'documentName',
    ],
    ['docs disable', 'documentID\nplan\n', '.csv', 'line 2', 'documentID', 'documentId'],
    [
      'orgs enable',
      '{"organizationID":"acme"}\n',
      '.ndjson',
      'line 1',
      'organizationID',
      'organizationId',
    ],
    ['users remove', '{"userid":"alice"}\n', '.ndjson', 'line 1', 'userid', 'userId'],
    [
      'presence add',
      '{"userId":"alice","staus":"online"}\n',
      '.ndjson',
      'line 1',
      'staus',
      'status',
    ],
    [
      'activities add',
      '{"featureType":"comment","actionType":"add","actionUser":{"userID":"alice"}}\n',
      '.ndjson',
      'line 1',
      'actionUser.userID',
      'actionUser.userId',
    ],
  ])(
    '%s refuses it with the line and the nearest known name',
    async (command, text, extension, where, field, near) => {
      const scope = command.startsWith('orgs')
        ? []
        : ['--org', 'acme', ...(/presence|activities/.test(command) ? ['--doc', 'plan'] : [])];
      const path = file(text, extension);
      const stderr = await refused([...command.split(' '), ...scope, '--file', path, '--yes']);
      expect(stderr).toContain(`${where}: unknown field ${field} (did you mean ${near}?)`);
      expect(stderr).toContain('--allow-unknown-fields');
    },
  );

  it('--allow-unknown-fields leaves the extra columns out and creates the folders', async () => {
    const path = file('folderId,folderName,exportedBy\nx1,One,bob\nx2,Two,bob\n', '.csv');
    const r = await svc(
      ['folders', 'add', '--org', 'acme', '--file', path, '--allow-unknown-fields', '--json'],
      basic.env,
    );
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object).sort()).toEqual(['x1', 'x2']);
  });
});

describe('files of ids', () => {
  it.each([
    [
      'a CSV whose header does not name the column',
      'document_id,name\nplan,Plan\n',
      'line 1: holds a comma',
    ],
    ['ids quoted by jq without -r', '"plan"\n"roadmap"\n', 'use `jq -r`'],
    ['two ids on a line', 'plan,roadmap\n', 'line 1: holds a comma'],
    ['CR line endings', 'plan\rroadmap\r', 'line 1: holds a carriage return'],
    ['a header of its own', 'document_id\nplan\n', 'line 1: "document_id" may be a header'],
  ])('docs disable refuses %s', async (_what, text, message) => {
    const stderr = await refused([
      'docs',
      'disable',
      '--org',
      'acme',
      '--file',
      file(text),
      '--yes',
    ]);
    expect(stderr).toContain(message);
  });

  it('users remove and users purge refuse a CSV with the wrong header on stdin', async () => {
    const csv = 'user_id,email\nalice,alice@example.com\n';
    for (const command of [
      ['users', 'remove', '--org', 'acme'],
      ['users', 'purge'],
    ]) {
      const stderr = await refused([...command, '--file', '-', '--yes', '--json'], csv);
      const line = JSON.parse(stderr) as { error: { message: string }; exitCode: number };
      expect(line.exitCode).toBe(2);
      expect(line.error.message).toContain('line 1: holds a comma');
    }
  });

  it('orgs disable refuses UTF-16 without a byte-order mark, and reads gzip', async () => {
    const utf16 = file(Buffer.from('acme\n', 'utf16le'));
    expect(await refused(['orgs', 'disable', '--file', utf16, '--yes'])).toContain(
      'iconv -f utf-16le -t utf-8',
    );
    const gz = file(gzipSync('acme\n'));
    const r = await svc(['orgs', 'enable', '--file', gz, '--yes', '--json'], basic.env);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['acme']);
  });
});

describe('encodings', () => {
  const names = 'folderId,folderName\nenc1,José Müller\n';

  it('refuses a cp1252 CSV with its line and the iconv command', async () => {
    const stderr = await refused([
      'folders',
      'add',
      '--org',
      'acme',
      '--file',
      file(Buffer.from(names, 'latin1'), '.csv'),
    ]);
    expect(stderr).toContain('line 2 is not valid UTF-8');
    expect(stderr).toContain('iconv -f cp1252 -t utf-8');
  });

  it('refuses cp1252 in docs update too', async () => {
    const text = Buffer.from('{"documentId":"plan","documentName":"Plan für 2027"}\n', 'latin1');
    const stderr = await refused(['docs', 'update', '--org', 'acme', '--file', file(text)]);
    expect(stderr).toContain('line 1 is not valid UTF-8');
  });

  it('stores names from UTF-16 with a byte-order mark and from gzip exactly', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('{"folderId":"enc2","folderName":"José Müller"}\n', 'utf16le'),
    ]);
    for (const path of [file(utf16, '.ndjson'), file(gzipSync(names.replace('enc1', 'enc3')))]) {
      const r = await svc(['folders', 'add', '--org', 'acme', '--file', path, '--json'], basic.env);
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
    }
    const list = await svc(['folders', 'list', '--org', 'acme', '--json'], basic.env);
    const folders = JSON.parse(list.stdout) as { folderId: string; folderName: string }[];
    const byId = new Map(folders.map((f) => [f.folderId, f.folderName]));
    expect(byId.get('enc2')).toBe('José Müller');
    expect(byId.get('enc3')).toBe('José Müller');
  });
});

describe('folders in any order', () => {
  it('creates children listed before their parents under those parents', async () => {
    const path = file(
      'folderId,folderName,parentFolderId\nord3,Three,ord2\nord2,Two,ord1\nord1,One,\n',
      '.csv',
    );
    const r = await svc(['folders', 'add', '--org', 'acme', '--file', path, '--json'], basic.env);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const list = await svc(['folders', 'list', '--org', 'acme', '--json'], basic.env);
    const folders = JSON.parse(list.stdout) as { folderId: string; parentFolderId?: string }[];
    const parentOf = new Map(folders.map((f) => [f.folderId, f.parentFolderId]));
    expect(parentOf.get('ord3')).toBe('ord2');
    expect(parentOf.get('ord2')).toBe('ord1');
  });

  it('refuses a cycle, naming its members', async () => {
    const path = file('folderId,folderName,parentFolderId\ncyc1,One,cyc2\ncyc2,Two,cyc1\n', '.csv');
    const stderr = await refused(['folders', 'add', '--org', 'acme', '--file', path]);
    expect(stderr).toContain('"cyc1" (line 2) → "cyc2" (line 3) → "cyc1" (line 2)');
  });
});

describe("problems in the user's terms", () => {
  it('names the flag of a bad value, and takes --parent "" for an error', async () => {
    const stderr = await refused([
      'folders',
      'add',
      '--org',
      'acme',
      '--id',
      'p1',
      '--name',
      'P',
      '--parent',
      '',
    ]);
    expect(stderr).toContain('--parent: must not be empty');
  });

  it('names a bad --org as the flag, before reading the file', async () => {
    const path = file('{"groupId":"g9","groupName":"G"}\n', '.ndjson');
    const stderr = await refused(['groups', 'add', '--org', '', '--file', path]);
    expect(stderr).toContain('error: --org: must not be empty');
  });

  it('names a CSV problem by its line and column', async () => {
    const path = file('folderId,folderName\nq1,One\nq2,\n', '.csv');
    const stderr = await refused(['folders', 'add', '--org', 'acme', '--file', path]);
    expect(stderr).toContain('line 3, column folderName: missing');
  });

  it('says a file is missing in words', async () => {
    const stderr = await refused(['folders', 'add', '--org', 'acme', '--file', './nope.csv']);
    expect(stderr).toContain('cannot read --file ./nope.csv: no such file');
  });
});
