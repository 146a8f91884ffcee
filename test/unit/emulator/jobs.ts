import { expect } from 'vitest';
import type { EmulatorJob } from '../../../src/emulator/library.js';
import { expectSuccess, type Reply, request } from './helpers.js';

/** A job as `/_emulator/jobs` shows it: the type `@svc-cli/svc/emulator` gives its users. */
export type JobView = EmulatorJob;

/** POSTs a JSON body to an admin route. */
export function adminPost(url: string, route: string, body: unknown): Promise<Reply> {
  return request(`${url}/_emulator/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The jobs of a successful admin jobs call. */
export function jobsOf(reply: Reply): JobView[] {
  expect(reply.status).toBe(200);
  return (reply.json as { jobs: JobView[] }).jobs;
}

/** Steps one job through the admin call; its new state. */
export async function stepJob(url: string, id: string): Promise<JobView> {
  const [job] = jobsOf(await adminPost(url, 'jobs/step', { id }));
  if (!job) throw new Error(`stepping ${id} answered no job`);
  return job;
}

/** Polls until `check` holds, failing after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type Call = (path: string, data: unknown) => Promise<Reply>;

/** Starts a migration (op 26); its id. */
export async function startMigration(
  call: Call,
  documentId: string,
  newDocumentId: string,
  organizationId = 'acme',
): Promise<string> {
  const reply = await call('/v2/organizations/documents/migrate', {
    organizationId,
    documentId,
    newDocumentId,
  });
  return (expectSuccess(reply, 'documents.migrate') as { migrationId: string }).migrationId;
}

/** Op 27's answer: the status and the message beside it. */
export async function migrationStatus(
  call: Call,
  migrationId: string,
  organizationId = 'acme',
): Promise<{ status: string; message: string }> {
  const reply = await call('/v2/organizations/documents/migrate/status', {
    organizationId,
    migrationId,
  });
  const data = expectSuccess(reply, 'documents.migrationStatus') as {
    migrationId: string;
    status: string;
  };
  expect(data.migrationId).toBe(migrationId);
  const { message } = (reply.json as { result: { message: string } }).result;
  return { status: data.status, message };
}

/** The documents op 9 finds among `ids`, as `[id, name, disabled]`. */
export async function documents(
  call: Call,
  ids: string[],
  organizationId = 'acme',
): Promise<[string, string | undefined, boolean][]> {
  const reply = await call('/v1/organizations/documents/get', {
    organizationId,
    documentIds: ids,
  });
  const docs = expectSuccess(reply, 'documents.get') as {
    id: string;
    documentName?: string;
    disabled: boolean;
  }[];
  return docs.map((d) => [d.id, d.documentName, d.disabled]);
}

export interface PermissionEntry {
  accessRole?: string;
  errorCode?: string;
}

/** Op 6 for one user: the organization's entry, then each document's. */
export async function access(
  call: Call,
  userId: string,
  documentIds: string[],
  organizationId = 'acme',
): Promise<PermissionEntry[]> {
  const reply = await call('/v2/auth/permissions/get', {
    organizationId,
    userIds: [userId],
    documentIds,
  });
  const data = expectSuccess(reply, 'permissions.get') as Record<
    string,
    {
      organization: Record<string, PermissionEntry>;
      documents: Record<string, PermissionEntry>;
    }
  >;
  const user = data[userId];
  return [
    user?.organization[organizationId] ?? {},
    ...documentIds.map((id) => user?.documents[id] ?? {}),
  ];
}

export const allowed = (role = 'editor') =>
  expect.objectContaining({ accessRole: role }) as PermissionEntry;
export const denied = expect.objectContaining({
  errorCode: 'permission_denied',
}) as PermissionEntry;
