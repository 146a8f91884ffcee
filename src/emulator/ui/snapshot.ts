import { mask } from '../../http/redact.js';
import { documentAccessType, folderAccessType } from '../access.js';
import { readContent } from '../crdt/editor.js';
import type { FaultPlan } from '../faults.js';
import type { AccessType } from '../store/access-kinds.js';
import type { SqlValue, StateRows } from '../store/state.js';
import type { Store } from '../store/store.js';
import type { WorkspaceRecord } from '../store/workspaces.js';
import type { CrdtType } from '../crdt/editor.js';

/**
 * The whole state as the UI's views show it, read in one go from the store's rows (the
 * export's reader): workspaces with their keys and console options, and each organization
 * with what it holds. Tokens are masked; the reveal call opens them one workspace at a time.
 */

type Row = Record<string, SqlValue>;

function rowsOf(state: StateRows, table: string): Row[] {
  const rows = state.tables[table];
  if (!rows) return [];
  return rows.rows.map((values) =>
    Object.fromEntries(rows.columns.map((column, i) => [column, values[i] ?? null])),
  );
}

type Cell = SqlValue | undefined;

const text = (value: Cell): string => (value == null ? '' : String(value));
const orNull = (value: Cell): string | null => (value == null ? null : String(value));
const flag = (value: Cell): boolean => value === 1;

/** A column holding JSON text, parsed; the text itself if it is not JSON. */
function json(value: Cell): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The rows of `table` that belong to one organization of one API key. */
function inOrganization(rows: Row[], org: Row): Row[] {
  return rows.filter(
    (r) =>
      r.workspace_id === org.workspace_id &&
      r.api_key_id === org.api_key_id &&
      r.organization_id === org.id,
  );
}

function crdtValue(row: Row): unknown {
  try {
    return readContent(row.state as Buffer, row.type as CrdtType, text(row.content_key));
  } catch {
    return '(the stored state cannot be read)';
  }
}

function organizationView(state: StateRows, org: Row) {
  const of = (table: string) => inOrganization(rowsOf(state, table), org);
  const recipients = of('notification_recipients');
  const folders = of('folders');
  const access = new Map(
    folders.map((f) => [
      text(f.id),
      {
        parentId: text(f.parent_id),
        inheritAccess: flag(f.inherit_access),
        accessType: text(f.access_type) as AccessType,
      },
    ]),
  );
  const folderOf = (id: string) => access.get(id);
  return {
    workspaceId: text(org.workspace_id),
    apiKeyId: text(org.api_key_id),
    id: text(org.id),
    name: text(org.name),
    disabled: flag(org.disabled),
    // The access types in effect, as the API answers them (src/emulator/access.ts).
    folders: folders.map((f) => ({
      id: text(f.id),
      name: text(f.name),
      parentId: text(f.parent_id),
      accessType: folderAccessType(access.get(text(f.id))!, folderOf),
      inheritAccess: flag(f.inherit_access),
    })),
    documents: of('documents').map((d) => {
      const own = orNull(d.access_type) as AccessType | null;
      const folderId = orNull(d.folder_id);
      return {
        id: text(d.id),
        name: orNull(d.name),
        folderId,
        accessType: documentAccessType({ accessType: own, folderId }, folderOf),
        inheritsAccess: own === null,
        disabled: flag(d.disabled),
      };
    }),
    users: of('organization_users').map((u) => ({
      id: text(u.user_id),
      name: orNull(u.name),
      email: orNull(u.email),
    })),
    groups: of('user_groups').map((g) => ({ id: text(g.id), name: text(g.name) })),
    grants: of('access_grants').map((g) => ({
      userId: text(g.user_id),
      resource: `${text(g.resource_kind)} ${text(g.resource_id)}`,
      role: text(g.role),
      expiresAt: g.expires_at ?? null,
      accessFields: json(g.access_fields),
    })),
    notifications: of('notifications').map((n) => ({
      id: text(n.id),
      documentId: orNull(n.document_id),
      actionUserId: orNull(n.action_user_id),
      sentAt: n.sent_at ?? null,
      recipients: recipients.filter((r) => r.notification_id === n.id).map((r) => text(r.user_id)),
      content: json(n.content),
    })),
    liveStates: of('live_states').map((l) => ({
      documentId: text(l.document_id),
      id: text(l.id),
      state: json(l.state),
    })),
    presence: of('presence').map((p) => ({
      documentId: text(p.document_id),
      userId: text(p.user_id),
      user: json(p.user),
    })),
    crdt: of('crdt_editors').map((c) => ({
      documentId: text(c.document_id),
      editorId: text(c.editor_id),
      type: text(c.type),
      value: crdtValue(c),
    })),
  };
}

/**
 * A workspace's credentials, each token passed through `show`: masked for the snapshot, as
 * they are for the reveal call. One reader for both, so the page can put each revealed token
 * where its masked copy was.
 */
function credentials(store: Store, workspace: WorkspaceRecord, show: (token: string) => string) {
  return {
    workspaceToken: show(workspace.authToken),
    apiKeys: store.apiKeys.keysOf(workspace.id).map((key) => ({
      id: key.id,
      name: key.name,
      type: key.type,
      authTokens: store.apiKeys
        .tokensOf(key.id)
        .map((t) => ({ name: t.name, token: show(t.token) })),
    })),
  };
}

function workspaceView(store: Store, ws: Row) {
  const workspace = store.workspaces.findById(text(ws.id));
  return {
    id: text(ws.id),
    name: text(ws.name),
    ownerEmail: text(ws.owner_email),
    ownerName: text(ws.owner_name),
    emailVerified: flag(ws.email_verified),
    consoleOptions: store.consoleOptions.get(text(ws.id)),
    ...(workspace && credentials(store, workspace, mask)),
  };
}

/** The whole store, read from a snapshot so the page sees one consistent moment. */
function readState(store: Store): StateRows {
  const view = store.state.openSnapshot();
  try {
    const tables: StateRows['tables'] = {};
    for (const shape of view.tables) {
      tables[shape.name] = {
        columns: shape.columns.map((c) => c.name),
        rows: [...view.rows(shape)],
      };
    }
    return { tables };
  } finally {
    view.close();
  }
}

export function snapshot(store: Store, faults: FaultPlan) {
  const state = readState(store);
  return {
    workspaces: rowsOf(state, 'workspaces').map((ws) => workspaceView(store, ws)),
    organizations: rowsOf(state, 'organizations').map((org) => organizationView(state, org)),
    faults,
  };
}

/** One workspace's tokens in clear, in the order the snapshot lists them masked. */
export function revealTokens(store: Store, workspaceId: string) {
  const workspace = store.workspaces.findById(workspaceId);
  return workspace && credentials(store, workspace, (token) => token);
}
