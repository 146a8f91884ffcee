import { webhookEvents, type WebhookSource } from '../../catalogue/webhook-events.js';
import { UsageError } from '../../errors/errors.js';

/**
 * What the commands of the key-level service configurations (operations 150 to 157) share:
 * on or off, event switches, and the refusals of a change that names nothing or a read
 * given with a change.
 */

/** `--enable` true, `--disable` false, neither undefined. */
export function switchedOn(opts: { enable?: boolean; disable?: boolean }): boolean | undefined {
  if (opts.enable && opts.disable) throw new UsageError('give --enable or --disable, not both');
  return opts.enable ? true : opts.disable ? false : undefined;
}

/** The events of these sources, as `--trigger` names them. */
export function eventsOf(...sources: readonly WebhookSource[]): string[] {
  return webhookEvents.filter((e) => sources.includes(e.source)).map((e) => e.name);
}

/**
 * `--trigger EVENT=on/off`, repeated or comma-separated: each named event's switch, grouped
 * by its source (`comment`, `huddle`) as the configurations hold them; a later repeat wins.
 */
export function triggerSwitches(
  values: readonly string[],
  allowed: readonly string[],
): Record<string, Record<string, boolean>> {
  const grouped: Record<string, Record<string, boolean>> = {};
  const items = values.flatMap((value) => value.split(',')).map((value) => value.trim());
  for (const item of items) {
    const [, name = '', state] = /^(.*)=(on|off)$/.exec(item) ?? [];
    if (!allowed.includes(name)) {
      throw new UsageError(`--trigger ${JSON.stringify(item)}: give EVENT=on or EVENT=off`, {
        hint: `events: ${allowed.join(', ')}`,
      });
    }
    const source = name.split('.')[0]?.startsWith('huddle') ? 'huddle' : 'comment';
    (grouped[source] ??= {})[name] = state === 'on';
  }
  return grouped;
}

/** A change that names nothing: the flags that would name something. */
export function nothingToChange(command: string, flags: readonly string[]): UsageError {
  return new UsageError(`nothing to change: give --show, or one of ${flags.join(', ')}`, {
    hint: `svc workspace ${command} --help describes them`,
  });
}

/** `--show` beside flags that change something. */
export function showAlone(): UsageError {
  return new UsageError('--show changes nothing: give it alone');
}
