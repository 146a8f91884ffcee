import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import type { notificationServiceOptions } from './index.js';
import {
  eventsOf,
  nothingToChange,
  showAlone,
  switchedOn,
  triggerSwitches,
} from './service-flags.js';

type Options = HandlerOptions<typeof notificationServiceOptions>;

const CHANGES = [
  '--enable',
  '--disable',
  '--delay',
  '--batch-document',
  '--batch-user',
  '--batch-max',
  '--trigger',
];

/** The service's shortest delay or batch window; 0 on the command line switches it off. */
const SHORTEST = 10;

function seconds(flag: string, value: number): number {
  if (value !== 0 && value < SHORTEST) {
    throw new UsageError(`${flag} must be 0 (off) or at least ${SHORTEST} seconds`);
  }
  return value;
}

/** One batching setting from its window flag and --batch-max; undefined when neither names it. */
function batch(flag: string, window: number | undefined, max: number | undefined) {
  if (window === undefined) return undefined;
  const on = seconds(flag, window) > 0;
  return {
    isEnabled: on,
    ...(on && { batchWindowSeconds: window }),
    ...(max !== undefined && { maxActivities: max }),
  };
}

function settings(opts: Options) {
  if (
    opts.batchMax !== undefined &&
    opts.batchDocument === undefined &&
    opts.batchUser === undefined
  ) {
    throw new UsageError('--batch-max applies to a batch: give --batch-document or --batch-user');
  }
  const document = batch('--batch-document', opts.batchDocument, opts.batchMax);
  const user = batch('--batch-user', opts.batchUser, opts.batchMax);
  const batchConfig = { ...(document && { document }), ...(user && { user }) };
  const delayConfig =
    opts.delay === undefined
      ? undefined
      : seconds('--delay', opts.delay) > 0
        ? { isEnabled: true, delaySeconds: opts.delay }
        : { isEnabled: false };
  return {
    ...(opts.trigger !== undefined && {
      triggers: triggerSwitches(opts.trigger, eventsOf('comment', 'huddle')),
    }),
    ...(delayConfig && { delayConfig }),
    ...(Object.keys(batchConfig).length > 0 && { batchConfig }),
  };
}

/** Operations 152 (--show) and 153: the in-app notification service's configuration. */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const on = switchedOn(opts);
  const config = settings(opts);
  const data = {
    ...(on !== undefined && { useNotificationService: on }),
    ...(Object.keys(config).length > 0 && { notificationServiceConfig: config }),
  };
  const changes = Object.keys(data).length > 0;
  if (opts.show && changes) throw showAlone();
  if (!opts.show && !changes) throw nothingToChange('notification-service', CHANGES);
  const op = operation(
    opts.show ? 'workspace.notificationServiceGet' : 'workspace.notificationServiceUpdate',
  );
  const result = await send(ctx, op, opts.show ? {} : data);
  if (result) await ctx.out.data(result.data, op.table);
}
