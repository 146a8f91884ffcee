import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/** Folders renamed, moved and given access (operations 117 and 119), seen through the reads. */
const emulator = useEmulator();

interface Folder {
  folderId: string;
  folderName: string;
  parentFolderId: string;
  ancestors: string[];
  accessType: string;
}

async function run(args: string[]) {
  const result = await svc([...args, '--json'], emulator.env);
  return { ...result, body: JSON.parse(result.stdout || 'null') as unknown };
}

async function folder(id: string): Promise<Folder | undefined> {
  const listed = await run(['folders', 'list', '--org', 'acme']);
  expect(listed.exitCode, listed.stderr).toBe(0);
  return (listed.body as Folder[]).find((f) => f.folderId === id);
}

describe('svc folders update', () => {
  it('moves a folder with everything below it, which keeps its path from it', async () => {
    expect((await folder('dental'))?.ancestors).toEqual([
      'root',
      'handbook',
      'policies',
      'hr',
      'benefits',
    ]);
    const moved = await run([
      'folders',
      'update',
      '--org',
      'acme',
      '--id',
      'hr',
      '--parent',
      'root',
      '--name',
      'People',
    ]);
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(moved.body).toEqual({ hr: { success: true, id: 'hr', message: 'Folder Updated.' } });
    expect(await folder('hr')).toMatchObject({
      folderName: 'People',
      parentFolderId: 'root',
      ancestors: ['root'],
    });
    expect((await folder('benefits'))?.ancestors).toEqual(['root', 'hr']);
    expect((await folder('dental'))?.ancestors).toEqual(['root', 'hr', 'benefits']);
  });

  it('refuses a move into the folder itself or below it, leaving it where it was', async () => {
    const loop = await run([
      'folders',
      'update',
      '--org',
      'acme',
      '--id',
      'hr',
      '--parent',
      'dental',
    ]);
    expect(loop.exitCode).toBe(5);
    expect(loop.body).toMatchObject({
      hr: { success: false, message: 'Folder hr cannot move into itself or a folder inside it.' },
    });
    expect((await folder('hr'))?.parentFolderId).toBe('root');
  });
});

describe('svc folders access', () => {
  /** carol, a member of acme with no grants, on the plan, which is in the secret folder. */
  async function carolOnPlan(): Promise<{ accessType?: string; errorCode?: string }> {
    const read = await run([
      'permissions',
      'get',
      '--org',
      'acme',
      '--user',
      'carol',
      '--doc',
      'plan',
    ]);
    expect(read.exitCode, read.stderr).toBe(0);
    return (
      (read.body as Record<string, { documents: Record<string, object> }>).carol?.documents.plan ??
      {}
    );
  }

  it("sets a folder's type, which what inherits follows, and lets a folder inherit again", async () => {
    expect(await carolOnPlan()).toMatchObject({
      accessType: 'restricted',
      errorCode: 'permission_denied',
    });
    const opened = await run([
      'folders',
      'access',
      '--org',
      'acme',
      '--folder',
      'secret',
      '--type',
      'organizationPrivate',
    ]);
    expect(opened.exitCode, opened.stderr).toBe(0);
    expect(opened.body).toEqual({
      secret: {
        success: true,
        accessType: 'organizationPrivate',
        message: 'Folder access type updated.',
      },
    });
    const entry = await carolOnPlan();
    expect(entry.accessType).toBe('organizationPrivate');
    expect(entry.errorCode).toBeUndefined();
    expect((await folder('secret-drafts'))?.accessType).toBe('organizationPrivate');

    // The press kit has a type of its own; inheriting, it takes the secret folder's.
    expect((await folder('secret-press'))?.accessType).toBe('public');
    const inherited = await run([
      'folders',
      'access',
      '--org',
      'acme',
      '--folder',
      'secret-press',
      '--inherit',
    ]);
    expect(inherited.exitCode, inherited.stderr).toBe(0);
    expect(inherited.body).toMatchObject({
      'secret-press': { accessType: null, inheritFromParent: true },
    });
    expect((await folder('secret-press'))?.accessType).toBe('organizationPrivate');
  });

  it('refuses --type with --inherit, and neither, before sending', async () => {
    const both = await svc(
      ['folders', 'access', '--org', 'acme', '--folder', 'secret', '--type', 'public', '--inherit'],
      emulator.env,
    );
    expect(both.exitCode).toBe(2);
    const neither = await svc(
      ['folders', 'access', '--org', 'acme', '--folder', 'secret'],
      emulator.env,
    );
    expect(neither.exitCode).toBe(2);
    expect(neither.stderr).toContain('give accessType or inheritFromParent: true');
  });
});

describe('svc folders delete', () => {
  it('--wait returns once the folder, its subfolders and their documents are gone', async () => {
    const added = await run([
      'docs',
      'add',
      '--org',
      'acme',
      '--folder',
      'benefits',
      '--doc',
      'dental-plan',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    const deleted = await run([
      'folders',
      'delete',
      '--org',
      'acme',
      '--folder',
      'hr',
      '--yes',
      '--wait',
    ]);
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.body).toEqual({
      status: 'success',
      message: 'Folder hr deleted, with its subfolders and documents.',
    });
    for (const gone of ['hr', 'benefits', 'dental']) expect(await folder(gone)).toBeUndefined();
    const docs = (await run(['docs', 'list', '--org', 'acme'])).body as { id: string }[];
    expect(docs.map((d) => d.id)).not.toContain('dental-plan');
  });

  it('without --wait answers that the deletion started; a folder that is not there is not found', async () => {
    const started = await run([
      'folders',
      'delete',
      '--org',
      'acme',
      '--folder',
      'secret-press',
      '--yes',
    ]);
    expect(started.exitCode, started.stderr).toBe(0);
    expect(started.body).toEqual({
      status: 'success',
      message: 'Folder deletion initiated successfully.',
    });
    const missing = await run([
      'folders',
      'delete',
      '--org',
      'acme',
      '--folder',
      'no-such-folder',
      '--yes',
    ]);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('Folder not found.');
  });
});
