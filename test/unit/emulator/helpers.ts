import { connect } from 'node:net';
import { expect } from 'vitest';
import { operation, type OperationName } from '../../../src/catalogue/operations.js';
import type { Workspace } from '../../../src/catalogue/models.js';

export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON body; undefined when the body is not JSON. */
  json: unknown;
  text: string;
}

export interface Credentials {
  workspaceId: string;
  workspaceToken: string;
  apiKey: string;
  authToken: string;
  workspace: Workspace;
}

export async function request(url: string, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** POSTs `{"data": data}` as the CLI does. */
export function post(
  baseUrl: string,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return request(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
}

/** POSTs a body exactly as given. */
export function postRaw(
  baseUrl: string,
  path: string,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<Reply> {
  return request(`${baseUrl}${path}`, { method: 'POST', headers, body });
}

export function keyHeaders(c: { apiKey: string; authToken: string }): Record<string, string> {
  return { 'x-service-api-key': c.apiKey, 'x-service-auth-token': c.authToken };
}

export function workspaceHeaders(c: {
  workspaceId: string;
  workspaceToken: string;
}): Record<string, string> {
  return { 'x-service-workspace-id': c.workspaceId, 'x-service-auth-token': c.workspaceToken };
}

/** The error envelope, exactly, with the HTTP code that goes with it. */
export function expectError(reply: Reply, httpStatus: number, status: string): string {
  expect(reply.status).toBe(httpStatus);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = reply.json as { error: { status: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.status).toBe(status);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

/**
 * A success answer in the operation's envelope whose payload passes the catalogue's
 * response schema; returns the payload.
 */
export function expectSuccess(reply: Reply, name: OperationName): unknown {
  const op = operation(name);
  expect(reply.status).toBe(op.successStatus);
  const body = reply.json as Record<string, unknown>;
  let payload: unknown;
  if (op.envelope === 'top-level') {
    expect(body).toMatchObject({ status: 'success', statusCode: 202 });
    payload = body.data;
  } else {
    expect(Object.keys(body)).toEqual(['result']);
    const result = body.result as Record<string, unknown>;
    if (op.envelope === 'ai') {
      payload = result;
    } else {
      expect(result.status).toBe('success');
      expect(typeof result.message).toBe('string');
      payload = result.data;
    }
  }
  const parsed = op.response.safeParse(payload);
  expect(parsed.error).toBeUndefined();
  return payload;
}

/** Creates a workspace over HTTP and fetches its key's auth token with operation 2. */
export async function createWorkspace(baseUrl: string, ownerEmail: string): Promise<Credentials> {
  const created = await post(baseUrl, '/v2/workspace/create', { ownerEmail });
  const workspace = expectSuccess(created, 'workspace.create') as Workspace;
  const apiKey = Object.keys(workspace.apiKeyList)[0];
  if (apiKey === undefined) throw new Error('the new workspace has no API key');
  const tokens = await post(
    baseUrl,
    '/v2/workspace/authtokens/get',
    { apiKey },
    workspaceHeaders({ workspaceId: workspace.id, workspaceToken: workspace.authToken }),
  );
  const data = expectSuccess(tokens, 'workspace.authTokens') as { authTokens: { token: string }[] };
  const authToken = data.authTokens[0]?.token;
  if (authToken === undefined) throw new Error('the new API key has no auth token');
  return {
    workspaceId: workspace.id,
    workspaceToken: workspace.authToken,
    apiKey,
    authToken,
    workspace,
  };
}

/** Sends raw bytes on a fresh connection and returns everything the server answers. */
export function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

/** The JSON body of a raw HTTP/1.1 answer. */
export function rawBody(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}
