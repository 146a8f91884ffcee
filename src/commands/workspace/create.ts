import { ownPrefix } from '../../config/header-prefix.js';
import { operation } from '../../catalogue/operations.js';
import type { Workspace } from '../../catalogue/models.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { serviceUrl } from '../../config/base-url.js';
import type { Profile } from '../../config/profiles.js';
import { ConfigFileError, SvcError } from '../../errors/errors.js';
import { mask } from '../../http/redact.js';
import { startSpinner } from '../../io/spinner.js';
import { consentToReplace } from '../profile/replace-consent.js';
import {
  askForWorkspace,
  checkedProfileName,
  freeProfileName,
  type WorkspacePlan,
} from './create-questions.js';
import { fetchKeyToken } from './key-token.js';
import { printNextSteps } from './next-steps.js';
import { checkServiceFirst } from './create-service.js';
import { printUnstoredCredentials } from './unstored-credentials.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { createOptions } from './index.js';

type Options = HandlerOptions<typeof createOptions>;

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
  // Settled before anything is created, so that the new credentials always find a home.
  const requested = ctx.globals.profile || ctx.env.SVC_PROFILE;
  const profileFlag = requested ? checkedProfileName(requested) : undefined;
  const replace =
    profileFlag !== undefined && (await consentToReplace(ctx, store, profileFlag, opts.force));
  if (!ctx.dryRun) await store.checkWritable();
  // The one precedence every command follows (src/config/base-url.ts). A profile that is
  // not stored yet is the new workspace's home, not a service: the one in use gives that.
  const inUse =
    profileFlag !== undefined && store.get(profileFlag)
      ? profileFlag
      : store.selectedName(undefined);
  const service = serviceUrl(ctx.globals.baseUrl, ctx.env, {
    name: inUse,
    baseUrl: store.get(inUse)?.baseUrl,
  });
  // Before the first question: whether there is a service, and, for a person, that it answers.
  await checkServiceFirst(ctx, service, ctx.prompter.enabled && !ctx.dryRun);
  // A person at a terminal is asked for what the flags left out. Elsewhere the flags are
  // all there is: the service's defaults fill the rest, and without --email the first
  // question fails, naming it.
  const plan =
    ctx.prompter.enabled || opts.email === undefined
      ? await askForWorkspace(ctx, opts, store, profileFlag)
      : planFromFlags({ ...opts, email: opts.email });
  const { profile: chosenProfile, replace: replaceChosen, ...data } = plan;

  // The new workspace's own credentials are used from here on, whatever the environment holds.
  const client = await ctx.client({ ...service, credentials: {} });
  const spinner = await startSpinner(ctx.io, ctx.out.progress, 'Creating workspace…');
  try {
    const created = await send<Workspace>(ctx, operation('workspace.create'), data, { client });
    if (!created) return;
    const ws = created.data;
    ctx.redactor.add(ws.authToken);

    const apiKey = Object.keys(ws.apiKeyList)[0];
    const workspacePair = { workspaceId: ws.id, workspaceToken: ws.authToken };
    // A deployment's own header prefix, given for this run, is kept with its credentials.
    const headerPrefix = ownPrefix(ctx.explicitHeaderPrefix());
    let profile: Profile = {
      baseUrl: client.baseUrl,
      ...(headerPrefix && { headerPrefix }),
      ...workspacePair,
      ...(apiKey && { apiKey }),
      createdWorkspace: true,
    };
    let profileName: string;
    try {
      // Saved before the second call, so a failure there loses nothing already created.
      // A name worked out here is picked under the store's lock, so that creates running
      // at once each get one of their own.
      profileName = await store.save(
        chosenProfile ?? profileFlag ?? ((taken) => freeProfileName(taken, ws.name)),
        profile,
        { replace: replace || replaceChosen === true, activate: true },
      );
    } catch (err) {
      if (!(err instanceof ConfigFileError)) throw err;
      spinner.stop();
      if (apiKey) {
        // Worth printing if it comes, but not worth failing for: the workspace pair printed
        // with it reads it again at any time.
        const authToken = await fetchKeyToken(ctx, client, { ...workspacePair, apiKey }).catch(
          () => undefined,
        );
        profile = { ...profile, ...(authToken && { authToken }) };
      }
      // A name no profile has now, so that storing them later replaces nothing.
      const later = freeProfileName((n) => store.get(n) !== undefined, ws.name);
      await printUnstoredCredentials(ctx, profile, later, err);
      throw err;
    }

    if (apiKey) {
      spinner.update('Fetching the API key’s auth token…');
      const authToken = await fetchKeyToken(ctx, client, { ...workspacePair, apiKey }).catch(
        (err: unknown) => {
          if (err instanceof SvcError) {
            err.hint = `the workspace was created and saved in profile "${profileName}"; read the key's token with \`svc workspace tokens\` and store it with \`svc auth login --with-token\``;
          }
          throw err;
        },
      );
      await store
        .save(profileName, { ...profile, authToken }, { replace: true })
        .catch((err: unknown) => {
          if (err instanceof SvcError) {
            err.hint = `the workspace's own credentials are stored in profile "${profileName}"; store the key's token later with \`svc workspace tokens\` and \`svc auth login --with-token\``;
          }
          throw err;
        });
    }
    spinner.stop();

    await ctx.out.data(
      { ...ws, authToken: mask(ws.authToken), profile: profileName },
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
