import { operation, type ResponseOf } from '../catalogue/operations.js';
import { ApiError, OperationFailedError } from '../errors/errors.js';
import type { HttpClient } from '../http/client.js';

/** Reading a user-data deletion's status: shared by `users purge --wait` and the MCP tools. */

export type PurgeStatus = ResponseOf<'users.purgeStatus'>;

/**
 * The documented status answer cannot say that a deletion failed; the emulator answers a
 * failed one with the error envelope ABORTED, its message the reason (docs/emulator-jobs.md).
 */
function failedDeletion(jobId: string, error: ApiError): OperationFailedError {
  return new OperationFailedError(
    `user-data deletion ${jobId} failed: ${error.message}`,
    error.details,
  );
}

/** Reads one job's status; a failed job throws OperationFailedError (exit 6) with its reason. */
export async function readPurge(client: HttpClient, jobId: string): Promise<PurgeStatus> {
  try {
    return (await client.call<PurgeStatus>(operation('users.purgeStatus'), { jobId })).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 'ABORTED') throw failedDeletion(jobId, err);
    throw err;
  }
}
