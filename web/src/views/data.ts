import { call } from '../api.js';
import { badge, h, json, section, table } from '../dom.js';
import type { Document, Folder, Organization, Snapshot } from '../types.js';

/** The folder id of an organization's top level (src/emulator/store/folders.ts). */
const ROOT = 'root';

/** A document's access type in effect, and where it takes it from when not its own. */
function documentAccess(doc: Document): HTMLElement[] {
  const access = [badge(doc.accessType)];
  if (doc.inheritsAccess)
    access.push(
      badge(doc.folderId !== null ? `access from folder ${doc.folderId}` : 'by default', 'muted'),
    );
  return doc.disabled ? [...access, badge('disabled', 'bad')] : access;
}

function documentItem(doc: Document): HTMLElement {
  return h(
    'li',
    { class: 'doc' },
    h('span', { class: 'kind' }, 'Document'),
    ' ',
    h('code', {}, doc.id),
    doc.name ? ` ${doc.name} ` : ' ',
    documentAccess(doc),
  );
}

/** Folders as a tree, each with its documents, top-level documents last. */
function folderTree(org: Organization): HTMLElement {
  const children = (parentId: string): HTMLElement[] =>
    org.folders
      .filter((f) => f.parentId === parentId)
      .map((f: Folder) =>
        h(
          'li',
          { class: 'folder' },
          h('span', { class: 'kind' }, 'Folder'),
          ' ',
          h('code', {}, f.id),
          ` ${f.name} `,
          badge(f.accessType),
          f.inheritAccess && f.parentId !== ROOT ? badge('inherits from parent', 'muted') : null,
          nested([
            ...children(f.id),
            ...org.documents.filter((d) => d.folderId === f.id).map(documentItem),
          ]),
        ),
      );
  const loose = org.documents.filter(
    (d) => d.folderId === null || !org.folders.some((f) => f.id === d.folderId),
  );
  return (
    nested([...children(ROOT), ...loose.map(documentItem)]) ??
    h('p', {}, 'No folders or documents.')
  );
}

function nested(items: HTMLElement[]): HTMLElement | null {
  return items.length === 0 ? null : h('ul', { class: 'tree' }, items);
}

function organizationPanel(org: Organization): HTMLElement {
  const id = `org-${org.workspaceId}-${org.apiKeyId}-${org.id}`;
  return h(
    'article',
    { class: 'card', 'aria-labelledby': id },
    h(
      'h2',
      { id },
      'Organization ',
      h('code', {}, org.id),
      ` ${org.name} `,
      org.disabled ? badge('disabled', 'bad') : null,
    ),
    h('p', { class: 'hint' }, `workspace ${org.workspaceId}, API key ${org.apiKeyId}`),
    h('h3', {}, 'Folders and documents'),
    folderTree(org),
    table(
      `Users of ${org.id}`,
      ['User', 'Name', 'Email'],
      org.users.map((u) => [h('code', {}, u.id), u.name ?? '', u.email ?? '']),
    ),
    table(
      `Groups of ${org.id}`,
      ['Group', 'Name'],
      org.groups.map((g) => [h('code', {}, g.id), g.name]),
    ),
    table(
      `Grants in ${org.id}`,
      ['User', 'On', 'Role', 'Expires', 'Access fields'],
      org.grants.map((g) => [
        h('code', {}, g.userId),
        g.resource,
        g.role,
        g.expiresAt === null ? 'never' : new Date(g.expiresAt * 1000).toISOString(),
        JSON.stringify(g.accessFields),
      ]),
    ),
    table(
      `Notifications in ${org.id}`,
      ['Notification', 'Document', 'By', 'Recipients', 'Content'],
      org.notifications.map((n) => [
        h('code', {}, n.id),
        n.documentId ?? '',
        n.actionUserId ?? '',
        n.recipients.join(', '),
        json(n.content),
      ]),
    ),
    table(
      `Live state in ${org.id}`,
      ['Document', 'Id', 'State'],
      org.liveStates.map((l) => [l.documentId, l.id, json(l.state)]),
    ),
    table(
      `Presence in ${org.id}`,
      ['Document', 'User', 'Details'],
      org.presence.map((p) => [p.documentId, p.userId, json(p.user)]),
    ),
    table(
      `CRDT data in ${org.id}`,
      ['Document', 'Editor', 'Type', 'Value'],
      org.crdt.map((c) => [c.documentId, c.editorId, c.type, json(c.value)]),
    ),
  );
}

interface Match {
  kind: string;
  id: string;
  where: string;
}

/** Everything whose id contains the text, with where it lives. */
function search(state: Snapshot, text: string): Match[] {
  const q = text.trim().toLowerCase();
  if (q === '') return [];
  const matches: Match[] = [];
  const add = (kind: string, id: string, where: string) => {
    if (id.toLowerCase().includes(q)) matches.push({ kind, id, where });
  };
  for (const ws of state.workspaces) {
    add('Workspace', ws.id, ws.ownerEmail);
    for (const k of ws.apiKeys) add('API key', k.id, `workspace ${ws.id}`);
  }
  for (const org of state.organizations) {
    const where = `organization ${org.id} (workspace ${org.workspaceId})`;
    add('Organization', org.id, `workspace ${org.workspaceId}`);
    org.folders.forEach((f) => add('Folder', f.id, where));
    org.documents.forEach((d) => add('Document', d.id, where));
    org.users.forEach((u) => add('User', u.id, where));
    org.groups.forEach((g) => add('Group', g.id, where));
    org.notifications.forEach((n) => add('Notification', n.id, where));
  }
  return matches;
}

export async function dataView(): Promise<HTMLElement> {
  const state = await call<Snapshot>('GET', 'state');
  const results = h('div', { id: 'search-results', 'aria-live': 'polite' });
  const input = h('input', {
    type: 'search',
    id: 'search',
    placeholder: 'e.g. doc-1',
    autocomplete: 'off',
    oninput: () => {
      const found = search(state, (input as HTMLInputElement).value);
      results.replaceChildren(
        (input as HTMLInputElement).value.trim() === ''
          ? ''
          : table(
              'Matches',
              ['Kind', 'Id', 'Where'],
              found.map((m) => [m.kind, h('code', {}, m.id), m.where]),
            ),
      );
    },
  });
  return h(
    'div',
    { class: 'stack' },
    h('div', { class: 'search' }, h('label', { for: 'search' }, 'Search by id'), input, results),
    state.organizations.length === 0
      ? section('Data', h('p', {}, 'No organizations yet. Seed a fixture, or add data with svc.'))
      : state.organizations.map(organizationPanel),
  );
}
