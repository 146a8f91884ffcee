/**
 * Each delay counted from the failure before: 8 attempts in all (docs/webhooks.md). A module
 * of its own, so that `svc webhooks listen` can say when the next attempt comes without
 * loading the delivery engine.
 */
export const RETRY_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
