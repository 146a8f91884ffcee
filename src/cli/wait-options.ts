import type { Command } from 'commander';
import { durationOption } from './option-values.js';

/** The flags of a command that can follow a job to its end. */
export interface WaitFlags {
  wait?: boolean;
  /** --wait-timeout, in milliseconds */
  waitTimeout?: number;
}

/**
 * Adds `--wait` and `--wait-timeout`. A timeout only means something to a wait, and someone
 * who gives one means to wait, so `--wait-timeout` alone turns `--wait` on rather than being
 * ignored.
 */
export function withWaitOptions(command: Command, waitMeaning: string): Command {
  return command.option('--wait', waitMeaning).addOption(
    durationOption(
      '--wait-timeout <duration>',
      'how long to wait; implies --wait (default 30m)',
    ).implies({
      wait: true,
    }),
  );
}
