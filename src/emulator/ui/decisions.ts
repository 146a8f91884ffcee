import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the permission checks decided while one API call was answered, and why: the requests
 * view shows it beside the call. Checks report into the call they run in; when nobody
 * collects (the UI is off, or an admin call), reporting costs one lookup.
 */
export interface Decision {
  /** `permission` for op 6's resolution, `console-option` for an option gate. */
  check: 'permission' | 'console-option';
  /** Who asked about what, e.g. `alice → Document doc-1`. */
  subject: string;
  allowed: boolean;
  /** Which grant, inheritance from which folder, a disabled resource, an option that is off. */
  reason: string;
}

const current = new AsyncLocalStorage<Decision[]>();

/** Runs `fn`, gathering into `into` each decision reported while it (and what it awaits) runs. */
export function collectDecisions<T>(into: Decision[], fn: () => T): T {
  return current.run(into, fn);
}

/** `describe` is called only when a call is being collected for. */
export function reportDecision(describe: () => Decision): void {
  current.getStore()?.push(describe());
}
