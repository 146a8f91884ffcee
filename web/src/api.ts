/**
 * The page's calls to the emulator, each carrying the token the page was served with and the
 * emulator's admin token when it has one.
 */
import { adminHeaders, NEEDS_TOKEN } from './admin-token.js';

const token = document.querySelector<HTMLMetaElement>('meta[name="svc-ui-token"]')?.content ?? '';

export const API = '/_emulator/ui/api/';

export class CallFailed extends Error {}

export async function call<T>(method: 'GET' | 'POST', name: string, body?: unknown): Promise<T> {
  const response = await fetch(API + name, {
    method,
    headers: {
      'x-svc-ui-token': token,
      ...adminHeaders(),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  if (response.status === 401) throw new CallFailed(NEEDS_TOKEN);
  if (!response.ok) {
    const message =
      (parsed as { error?: { message?: string } } | null)?.error?.message ??
      `HTTP ${response.status}`;
    throw new CallFailed(message);
  }
  return parsed as T;
}
