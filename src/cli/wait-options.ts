import { opt } from './declare/options.js';

/**
 * `--wait` and `--wait-timeout`. A timeout only means something to a wait, and someone
 * who gives one means to wait, so `--wait-timeout` alone turns `--wait` on rather than
 * being ignored.
 */
export function waitOptions(waitMeaning: string) {
  return {
    wait: opt.switch('--wait', waitMeaning),
    waitTimeout: opt
      .duration('--wait-timeout <duration>', 'how long to wait; implies --wait (default 30m)')
      .implies({ wait: true }),
  };
}
