import { expect } from 'vitest';
import type { SeededWorkspace } from '../../../src/emulator/server.js';
import { type Reply, request } from './helpers.js';
import { adminPost } from './jobs.js';

/** A GET of an admin route with query parameters. */
export function adminGet(
  url: string,
  route: string,
  params: Record<string, string>,
): Promise<Reply> {
  return request(`${url}/_emulator/${route}?${new URLSearchParams(params).toString()}`);
}

/** The JSON of a successful admin GET. */
export async function adminRead<T>(
  url: string,
  route: string,
  params: Record<string, string>,
): Promise<T> {
  const reply = await adminGet(url, route, params);
  expect(reply.status).toBe(200);
  return reply.json as T;
}

/** Seeds organizations into the workspace of `ownerEmail`; its credentials. */
export async function seedOrganizations(
  url: string,
  ownerEmail: string,
  organizations: unknown[],
): Promise<SeededWorkspace> {
  const reply = await adminPost(url, 'seed', { workspaces: [{ ownerEmail, organizations }] });
  expect(reply.status).toBe(200);
  const [seeded] = (reply.json as { workspaces: SeededWorkspace[] }).workspaces;
  if (!seeded) throw new Error('the seed answered no workspace');
  return seeded;
}

/** An event of the feed as the admin calls show it. */
export interface FeedEventView {
  seq: number;
  time: number;
  kind: 'livestate' | 'crdt';
  workspaceId: string;
  organizationId: string;
  documentId: string;
  [member: string]: unknown;
}

/** The feed events of a workspace, optionally narrowed. */
export async function feedEvents(
  url: string,
  params: Record<string, string>,
): Promise<FeedEventView[]> {
  return (await adminRead<{ events: FeedEventView[] }>(url, 'events', params)).events;
}
