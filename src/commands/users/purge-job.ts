import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { waitFor, waitTimedOut } from '../../cli/wait.js';
import type { HttpClient } from '../../http/client.js';

export type PurgeStatus = ResponseOf<'users.purgeStatus'>;

export function resumeCommand(jobId: string): string {
  return `svc users purge-status --job ${jobId} --wait`;
}

export async function readPurge(client: HttpClient, jobId: string): Promise<PurgeStatus> {
  return (await client.call<PurgeStatus>(operation('users.purgeStatus'), { jobId })).data;
}

/**
 * Waits for one deletion job; resolves to its final status, or throws exit 7 with the last
 * status when --wait-timeout passes first (after `print` has put it on stdout).
 */
export async function waitForPurge(
  ctx: Context,
  client: HttpClient,
  jobId: string,
  timeout: number | undefined,
  print: (status: PurgeStatus | undefined) => Promise<void>,
): Promise<PurgeStatus> {
  const resume = resumeCommand(jobId);
  const result = await waitFor(ctx, {
    poll: () => readPurge(client, jobId),
    done: (s) => s.isDeleteCompleted,
    progressKey: (s) => String(s.tasksLeft),
    describe: (s) => `Deleting user data (job ${jobId}): ${s.tasksLeft} task(s) left`,
    timeout,
    resume,
  });
  if (result.timedOut || !result.state) {
    await print(result.state);
    throw waitTimedOut(result, result.state ?? null, resume);
  }
  return result.state;
}
