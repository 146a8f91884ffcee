import { operation } from '../catalogue/operations.js';
import { ApiError } from '../errors/errors.js';
import type { HttpClient } from '../http/client.js';

/**
 * Reading a folder deletion (operation 118), shared by `folders delete --wait` and the MCP
 * tool: the service answers no id to follow it by, so the folder's own read is asked, and
 * NOT_FOUND is the sign that the deletion is done.
 */
export async function folderDeleted(
  client: HttpClient,
  organizationId: string,
  folderId: string,
  signal?: AbortSignal,
): Promise<boolean> {
  try {
    await client.call(
      operation('folders.get'),
      { organizationId, folderId },
      { ...(signal && { signal }) },
    );
    return false;
  } catch (err) {
    if (err instanceof ApiError && err.status === 'NOT_FOUND') return true;
    throw err;
  }
}
