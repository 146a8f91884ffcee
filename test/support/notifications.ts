/**
 * `svc notifications list` for document spec of organization acme, then `flags`: the listing
 * the notification tests make, against the fake service and against the emulator alike.
 */
export const listSpecNotifications = (...flags: string[]): string[] => [
  'notifications',
  'list',
  '--org',
  'acme',
  '--doc',
  'spec',
  ...flags,
];
