import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import type { activityServiceOptions } from './index.js';
import {
  eventsOf,
  nothingToChange,
  showAlone,
  switchedOn,
  triggerSwitches,
} from './service-flags.js';

type Options = HandlerOptions<typeof activityServiceOptions>;

const CHANGES = ['--enable', '--disable', '--immutable', '--enabled-time', '--trigger'];

/** Operations 154 (--show) and 155: the activity log service's configuration. */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const isEnabled = switchedOn(opts);
  const config = {
    ...(isEnabled !== undefined && { isEnabled }),
    ...(opts.immutable !== undefined && { immutable: opts.immutable }),
    ...(opts.enabledTime !== undefined && { enabledTime: opts.enabledTime }),
    ...(opts.trigger !== undefined && {
      triggers: triggerSwitches(opts.trigger, eventsOf('comment')),
    }),
  };
  const changes = Object.keys(config).length > 0;
  if (opts.show && changes) throw showAlone();
  if (!opts.show && !changes) throw nothingToChange('activity-service', CHANGES);
  const op = operation(
    opts.show ? 'workspace.activityServiceGet' : 'workspace.activityServiceUpdate',
  );
  const result = await send(ctx, op, opts.show ? {} : { activityServiceConfig: config });
  if (result) await ctx.out.data(result.data, op.table);
}
