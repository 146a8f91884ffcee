import type { TableLayout } from '../../catalogue/types.js';
import type { Profile } from '../../config/profiles.js';
import { maskUserinfo } from '../../config/base-url.js';
import { mask } from '../../http/redact.js';

/** A profile as it may be shown: identifiers in clear, tokens masked. */
export function profileView(name: string, profile: Profile, active: boolean) {
  return {
    name,
    active,
    baseUrl: profile.baseUrl === undefined ? null : maskUserinfo(profile.baseUrl),
    workspaceId: profile.workspaceId ?? null,
    apiKey: profile.apiKey ?? null,
    workspaceToken: profile.workspaceToken ? mask(profile.workspaceToken) : null,
    authToken: profile.authToken ? mask(profile.authToken) : null,
  };
}

/** Which profile a row is, and whether it is the active one. */
const identity = [
  { header: 'NAME', path: 'name' },
  { header: 'ACTIVE', path: 'active' },
];

const credentials = [
  { header: 'SERVICE', path: 'baseUrl' },
  { header: 'WORKSPACE', path: 'workspaceId' },
  { header: 'WORKSPACE TOKEN', path: 'workspaceToken' },
  { header: 'API KEY', path: 'apiKey' },
  { header: 'AUTH TOKEN', path: 'authToken' },
];

/** Every credential of a profile, one a line: new ones that could not be stored. */
export const credentialRecord: TableLayout = { rows: 'record', columns: credentials };

/** `profile show`: one profile, tokens masked. */
export const profileRecord: TableLayout = {
  rows: 'record',
  columns: [...identity, ...credentials],
};

/** `profile list`: a row a profile, which leaves the tokens out, masked or not. */
export const profileTable: TableLayout = {
  rows: 'list',
  columns: [...identity, ...credentials.filter(({ path }) => !path.endsWith('Token'))],
};
