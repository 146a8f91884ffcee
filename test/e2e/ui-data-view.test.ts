import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder } from '../../src/catalogue/models.js';
import { type Emulator, startEmulator } from '../../src/emulator/library.js';
import { BASIC_FIXTURE } from '../support/e2e.js';

interface OrganizationView {
  id: string;
  workspaceId: string;
  folders: { id: string; accessType: string; inheritAccess: boolean }[];
  documents: { id: string; accessType: string; inheritsAccess: boolean }[];
}

/** Every folder of a folders.get answer, subfolders included. */
function flatten(folders: readonly Folder[]): Folder[] {
  return folders.flatMap((f) => [f, ...flatten(f.subFolders ?? [])]);
}

/**
 * The web UI's data view and the API agree: every folder and document of the fixture shows
 * the access type the API answers for it, inherited ones included (a folder under a
 * restricted one, which stores `public` of its own, is restricted).
 */
describe("the UI's data view", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seed: BASIC_FIXTURE, consoleOptions: 'all' });
  }, 30_000);
  afterAll(() => emulator.stop());

  const post = async (path: string, data: object): Promise<unknown> => {
    const res = await fetch(`${emulator.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-api-key': emulator.workspace.apiKey,
        'x-service-auth-token': emulator.workspace.authToken,
      },
      body: JSON.stringify({ data }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { result: { data: unknown } }).result.data;
  };

  it('shows the access types the API answers', async () => {
    // The page carries the token its calls send, as the browser reads it.
    const page = await fetch(`${emulator.url}/_emulator/ui/`, {
      headers: { authorization: `Bearer ${emulator.adminToken}` },
    }).then((res) => res.text());
    const uiToken = /<meta name="svc-ui-token" content="([^"]+)"/.exec(page)?.[1] ?? '';
    expect(uiToken, page.slice(0, 300)).not.toBe('');
    const state = await fetch(`${emulator.url}/_emulator/ui/api/state`, {
      headers: { 'x-svc-ui-token': uiToken, authorization: `Bearer ${emulator.adminToken}` },
    });
    expect(state.status).toBe(200);
    const { organizations: views } = (await state.json()) as {
      organizations: OrganizationView[];
    };
    let compared = 0;
    for (const view of views.filter((v) => v.workspaceId === emulator.workspace.workspaceId)) {
      const folders = flatten(
        (await post('/v2/organizations/folders/get', { organizationId: view.id })) as Folder[],
      );
      const documents = (await post('/v1/organizations/documents/get', {
        organizationId: view.id,
      })) as { id: string; accessType: string }[];
      expect(view.folders.map((f) => [f.id, f.accessType]).sort()).toEqual(
        folders.map((f) => [f.folderId, f.accessType]).sort(),
      );
      expect(view.documents.map((d) => [d.id, d.accessType]).sort()).toEqual(
        documents.map((d) => [d.id, d.accessType]).sort(),
      );
      compared += folders.length + documents.length;
    }
    expect(compared).toBeGreaterThan(5);
    // The case that disagreed: a folder that inherits from a restricted parent.
    const acme = views.find((v) => v.id === 'acme')!;
    expect(acme.folders.find((f) => f.id === 'secret-drafts')).toMatchObject({
      accessType: 'restricted',
      inheritAccess: true,
    });
  });
});
