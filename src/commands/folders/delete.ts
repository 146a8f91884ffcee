import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { waitFor, waitTimedOut } from '../../cli/wait.js';
import { printedCommand } from '../../cli/printed-command.js';
import { folderDeleted } from '../../jobs/folder-deletion-status.js';
import type { foldersDeleteOptions } from './index.js';

type Options = HandlerOptions<typeof foldersDeleteOptions>;

/**
 * The service starts the deletion and answers no id to follow it by: `--wait` reads the
 * folder until its read answers NOT_FOUND, the one sign that the deletion is done.
 */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const client = await ctx.client();
  const request = { organizationId: opts.org, folderId: opts.folder };
  const started = await send(ctx, operation('folders.delete'), request, { client });
  if (!started) return;
  const message = started.message ?? 'Folder deletion initiated successfully.';
  if (!opts.wait) return ctx.out.success(message);

  // With the global options that chose the service, as every line svc prints to paste.
  const again = printedCommand(ctx, [
    'folders',
    'delete',
    '--org',
    opts.org,
    '--folder',
    opts.folder,
    '--wait',
    '--yes',
  ]);
  const result = await waitFor(ctx, {
    poll: async () =>
      (await folderDeleted(client, opts.org, opts.folder, ctx.signal)) ? 'deleted' : 'deleting',
    done: (state) => state === 'deleted',
    progressKey: (state) => state,
    describe: () => `Deleting folder ${opts.folder}…`,
    subject: () => `the deletion of folder ${opts.folder}`,
    timeout: opts.waitTimeout,
    // Asked again while the first deletion runs, the service starts a second, which ends
    // at once; asked after it, the folder is not found (exit 4): either way nothing more goes.
    resume: () => again,
  });
  if (result.timedOut) throw waitTimedOut(result, { status: 'deleting' }, again);
  await ctx.out.success(`Folder ${opts.folder} deleted, with its subfolders and documents.`);
}
