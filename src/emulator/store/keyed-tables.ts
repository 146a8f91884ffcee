/**
 * What a job finds in each table below an organization: the column naming the document a
 * row is of (a migration moves it to the new id, spec op 26), and the column naming the
 * user whose data it is (a user-data deletion removes it, spec op 16). A table added later
 * moves with its document and goes with its user once it is listed here; a test fails
 * while a `document_id` or `…user_id` column of any table is missing. Each table has the
 * scope columns and `organization_id`.
 */
interface OrganizationTable {
  /** The column holding a document id. */
  document?: string;
  /** Where that column holds other kinds of id too: the rows whose id is a document's. */
  documentRows?: string;
  /** The column naming the user whose data the row is. */
  user?: string;
}

const ORGANIZATION_TABLES: Readonly<Record<string, OrganizationTable>> = {
  // The document itself: name, folder, access type, disabled flag.
  documents: { document: 'id' },
  // Access to the organization, its folders and documents: a document's contact list, and
  // what a user may open.
  access_grants: {
    document: 'resource_id',
    documentRows: "resource_kind = 'document'",
    user: 'user_id',
  },
  // A user's entry in the organization's (mention) contact list, and in its user groups.
  organization_users: { user: 'user_id' },
  user_group_members: { user: 'user_id' },
  // A document's notifications and those a user caused (their recipients go with them), a
  // user's entries among other notifications' recipients, and users' settings.
  notifications: { document: 'document_id', user: 'action_user_id' },
  notification_recipients: { user: 'user_id' },
  notification_configs: { document: 'document_id', user: 'user_id' },
  // A document's activity log (the activities a user did), presence list, live states,
  // editors' data and the events its connected clients received.
  activities: { document: 'document_id', user: 'action_user_id' },
  presence: { document: 'document_id', user: 'user_id' },
  live_states: { document: 'document_id' },
  crdt_editors: { document: 'document_id' },
  feed_events: { document: 'document_id' },
  // A document's recordings (operation 140).
  recordings: { document: 'document_id' },
};

/** A table, the column holding the id a job looks for, and which rows hold that kind of id. */
export interface KeyedTable {
  table: string;
  column: string;
  /** Where the column holds other kinds of id too: the rows whose id is of the kind sought. */
  where?: string;
}

const tables = Object.entries(ORGANIZATION_TABLES);

/** Every table that keys rows by document id, in the order a migration moves them. */
export const DOCUMENT_KEYED_TABLES: readonly KeyedTable[] = tables.flatMap(
  ([table, { document, documentRows }]) =>
    document === undefined
      ? []
      : [{ table, column: document, ...(documentRows && { where: documentRows }) }],
);

/** Every table holding a user's data, in the order a deletion erases them. */
export const USER_KEYED_TABLES: readonly KeyedTable[] = tables.flatMap(([table, { user }]) =>
  user === undefined ? [] : [{ table, column: user }],
);
