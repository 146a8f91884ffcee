import { operation } from '../../catalogue/operations.js';
import type { Workspace } from '../../catalogue/models.js';
import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { send } from '../../cli/send.js';
import { SvcError } from '../../errors/errors.js';
import { mask } from '../../http/redact.js';
import { startSpinner } from '../../io/spinner.js';
import {
  askForWorkspace,
  checkedProfileName,
  defaultProfileName,
  type CreateFlags,
  type WorkspacePlan,
} from './create-questions.js';
import { fetchKeyToken } from './key-token.js';
import { printNextSteps } from './next-steps.js';

interface Options extends GlobalOptions, CreateFlags {}

/** From flags alone: what scripts do. */
function planFromFlags(opts: Options & { email: string }): WorkspacePlan {
  return {
    ownerEmail: opts.email.trim(),
    ...(opts.name !== undefined && { name: opts.name }),
    ...(opts.workspaceName !== undefined && { workspaceName: opts.workspaceName }),
    ...(opts.avatar !== undefined && { avatar: opts.avatar }),
  };
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const store = await ctx.profiles();
  // Checked before anything is created, so that the new credentials always find a home.
  const requested = ctx.globals.profile || ctx.env.SVC_PROFILE;
  const profileFlag = requested ? checkedProfileName(requested) : undefined;
  // A person at a terminal is asked for what the flags left out. Elsewhere the flags are
  // all there is: the service's defaults fill the rest, and without --email the first
  // question fails, naming it.
  const plan =
    ctx.prompter.enabled || opts.email === undefined
      ? await askForWorkspace(ctx, opts, store, profileFlag)
      : planFromFlags({ ...opts, email: opts.email });
  const { profile: chosenProfile, ...data } = plan;

  const session = await ctx.session();
  const baseUrl = session.baseUrl;
  // The new workspace's own credentials are used from here on, whatever the environment holds.
  const client = await ctx.client(baseUrl ? { baseUrl, credentials: {} } : undefined);
  const spinner = await startSpinner(ctx.io, ctx.out.json, 'Creating workspace…');
  try {
    const created = await send<Workspace>(ctx, operation('workspace.create'), data, { client });
    if (!created) return;
    const ws = created.data;
    ctx.redactor.add(ws.authToken);

    const profileName = chosenProfile ?? profileFlag ?? defaultProfileName(store, ws.name);
    const apiKey = Object.keys(ws.apiKeyList)[0];
    // Saved before the second call, so a failure there loses nothing already created.
    await store.save(profileName, {
      baseUrl: client.baseUrl,
      workspaceId: ws.id,
      workspaceToken: ws.authToken,
      ...(apiKey && { apiKey }),
    });
    await store.use(profileName);

    if (apiKey) {
      spinner.update('Fetching the API key’s auth token…');
      const authToken = await fetchKeyToken(ctx, client, {
        workspaceId: ws.id,
        workspaceToken: ws.authToken,
        apiKey,
      }).catch((err: unknown) => {
        if (err instanceof SvcError) {
          err.hint = `the workspace was created and saved in profile "${profileName}"; read the key's token with \`svc workspace tokens\` and store it with \`svc auth login --with-token\``;
        }
        throw err;
      });
      await store.save(profileName, { ...store.get(profileName), authToken });
    }
    spinner.stop();

    await ctx.out.data(
      { ...ws, authToken: mask(ws.authToken) },
      operation('workspace.create').table,
    );
    ctx.out.info(
      `Saved the workspace's credentials in profile "${profileName}", now the active profile.`,
    );
    if (ctx.io.stderrIsTTY && !ctx.out.json) {
      printNextSteps(ctx, {
        profile: profileName,
        ownerEmail: data.ownerEmail,
        baseUrl: client.baseUrl,
        workspaceId: ws.id,
        apiKey,
      });
    }
  } finally {
    spinner.stop();
  }
}
