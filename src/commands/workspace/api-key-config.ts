import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import { readAll } from '../../io/input.js';
import type { apiKeyConfigOptions } from './index.js';
import { nothingToChange, showAlone } from './service-flags.js';

type Options = HandlerOptions<typeof apiKeyConfigOptions>;
type Stored = ResponseOf<'workspace.apiKeyConfigGet'>;
type Echoed = ResponseOf<'workspace.apiKeyConfigUpdate'>;

const CHANGES = [
  '--private-comments',
  '--require-jwt',
  '--auto-org-user',
  '--default-access',
  '--ai-key-stdin',
];

/** The AI key read from stdin, for the provider `--ai-key-stdin` names. */
async function aiKey(ctx: Context, provider: NonNullable<Options['aiKeyStdin']>) {
  const customerApiKey = (await readAll(ctx.io.stdin)).trim();
  if (customerApiKey === '') throw new UsageError('--ai-key-stdin read an empty key from stdin');
  ctx.redactor.add(customerApiKey);
  return [{ provider, customerApiKey }];
}

/**
 * A table row: the update echoes `enablePrivateComments` where the read answers
 * `isPrivateCommentsEnabled`, and the AI keys are named by provider, already masked.
 */
function row(data: Stored | Echoed): Record<string, unknown> {
  const { enablePrivateComments, aiModelsConfig, ...rest } = data as Stored & Echoed;
  return {
    ...rest,
    ...(enablePrivateComments !== undefined && { isPrivateCommentsEnabled: enablePrivateComments }),
    aiKeys: Object.keys(aiModelsConfig ?? {}).join(', '),
  };
}

/** Operations 150 (--show) and 151: the API key's application configuration. */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const settings = {
    ...(opts.privateComments !== undefined && { enablePrivateComments: opts.privateComments }),
    ...(opts.requireJwt !== undefined && { requireJwtToken: opts.requireJwt }),
    ...(opts.autoOrgUser !== undefined && { requireAutoOrgUser: opts.autoOrgUser }),
    ...(opts.defaultAccess !== undefined && { defaultDocumentAccessType: opts.defaultAccess }),
  };
  const changes = Object.keys(settings).length > 0 || opts.aiKeyStdin !== undefined;
  if (opts.show && changes) throw showAlone();
  if (!opts.show && !changes) throw nothingToChange('api-key-config', CHANGES);
  const op = operation(opts.show ? 'workspace.apiKeyConfigGet' : 'workspace.apiKeyConfigUpdate');
  const data = opts.show
    ? {}
    : {
        ...settings,
        ...(opts.aiKeyStdin !== undefined && { aiModelApiKey: await aiKey(ctx, opts.aiKeyStdin) }),
      };
  const result = await send<Stored | Echoed>(ctx, op, data);
  if (!result) return;
  if (ctx.out.json) return ctx.out.jsonDocument(result.data);
  await ctx.out.rows([row(result.data)], op.table);
}
