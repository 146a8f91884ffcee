import { operation } from '../../catalogue/operations.js';
import type { Workspace } from '../../catalogue/models.js';
import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { send } from '../../cli/send.js';
import { DEFAULT_PROFILE, isValidProfileName, type ProfileStore } from '../../config/profiles.js';
import { SvcError, UsageError } from '../../errors/errors.js';
import { mask } from '../../http/redact.js';
import { startSpinner } from '../../io/spinner.js';
import { fetchKeyToken } from './key-token.js';

interface Options extends GlobalOptions {
  email?: string;
  name?: string;
  workspaceName?: string;
  avatar?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `default` when it is free, else a profile named after the workspace. */
function chooseProfileName(
  store: ProfileStore,
  requested: string | undefined,
  workspaceName: string,
): string {
  if (requested) {
    if (!isValidProfileName(requested)) throw new UsageError(`invalid profile name: ${requested}`);
    return requested;
  }
  if (!store.get(DEFAULT_PROFILE)) return DEFAULT_PROFILE;
  const base =
    workspaceName
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'workspace';
  let name = base;
  for (let n = 2; store.get(name); n++) name = `${base}-${n}`;
  return name;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const ownerEmail =
    opts.email ??
    (await ctx.prompter.text({
      message: 'Owner email',
      flag: '--email',
      validate: (v) => EMAIL.test(v.trim()) || 'enter an email address such as ada@example.com',
    }));
  const data = {
    ownerEmail: ownerEmail.trim(),
    ...(opts.name !== undefined && { name: opts.name }),
    ...(opts.workspaceName !== undefined && { workspaceName: opts.workspaceName }),
    ...(opts.avatar !== undefined && { avatar: opts.avatar }),
  };

  const store = await ctx.profiles();
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

    const profileName = chooseProfileName(
      store,
      ctx.globals.profile || ctx.env.SVC_PROFILE,
      ws.name,
    );
    const apiKey = Object.keys(ws.apiKeyList)[0];
    // Saved before the second call, so a failure there loses nothing already created.
    store.save(profileName, {
      baseUrl: client.baseUrl,
      workspaceId: ws.id,
      workspaceToken: ws.authToken,
      ...(apiKey && { apiKey }),
    });
    store.use(profileName);

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
      store.save(profileName, { ...store.get(profileName), authToken });
    }
    spinner.stop();

    await ctx.out.data(
      { ...ws, authToken: mask(ws.authToken) },
      operation('workspace.create').table,
    );
    ctx.out.info(
      `Saved the workspace's credentials in profile "${profileName}", now the active profile.`,
    );
  } finally {
    spinner.stop();
  }
}
