import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { WaitFlags } from '../../cli/wait-options.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { readPurge, waitForPurge } from './purge-job.js';

interface Options extends GlobalOptions, WaitFlags {
  job: string;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('users.purgeStatus');
  const client = await ctx.client();
  const print = (status: unknown) => ctx.out.data(status, op.table);
  const status = opts.wait
    ? await waitForPurge(ctx, client, opts.job, opts.waitTimeout, print)
    : await readPurge(client, opts.job);
  await print(status);
}
