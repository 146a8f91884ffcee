import { NotFoundError, PartialFailureError } from '../errors/errors.js';
import { count } from '../io/plural.js';

/** One member of a bulk call's per-item result map (spec: `{success, message?, ...}`). */
export interface ItemResult {
  success: boolean;
  message?: string;
  [field: string]: unknown;
}

/**
 * The result of an item that was sent but never answered for sure (the connection failed
 * after the request went out, or it timed out): it may or may not have been applied.
 */
export function unknownOutcome(message: string): ItemResult {
  return { success: false, outcome: 'unknown', message };
}

export function isUnknownOutcome(result: ItemResult): boolean {
  return result.outcome === 'unknown';
}

/** Per-item results keyed by item id, as `--json` prints them. */
export type ResultMap = Record<string, ItemResult>;

export interface BulkOutcome {
  /**
   * Every item's result in input order (all of them, or only the failed ones when the run
   * was asked to keep only those). It has no prototype, so an id such as `__proto__` is an
   * ordinary key. JavaScript lists integer-like keys ("17") first whatever the insertion
   * order; `failedFirst` cannot undo that either.
   */
  results: ResultMap;
  /** Items sent and answered. */
  sent: number;
  /** Items answered with `success: false`. */
  failed: number;
  /**
   * Of those, the items that failed because what they name does not exist
   * (`failedAsNotFound`), counted whatever `results` keeps; absent when none did.
   */
  notFound?: number;
}

/** `3 of 10,000 items failed`: the one-line stderr summary of exit 5. */
export function failureSummary(outcome: BulkOutcome): string {
  return `${outcome.failed.toLocaleString('en-US')} of ${count(outcome.sent, 'item')} failed`;
}

/**
 * Whether an item failed because what it names does not exist: the service says so in its
 * message ("Document d1 does not exist."), and some answers also with `code: "not-found"`.
 */
export function failedAsNotFound(result: ItemResult): boolean {
  if (result.success || isUnknownOutcome(result)) return false;
  return result.code === 'not-found' || /\bdoes not exist\b/i.test(result.message ?? '');
}

/**
 * Once the results are printed: exit 4 when every item failed because what it names does
 * not exist (one missing document is not a partial failure), exit 5 when any other item
 * failed (docs/cli-contract.md).
 */
export function throwIfAnyFailed(outcome: BulkOutcome): void {
  if (outcome.failed === 0) return;
  const notFound =
    outcome.notFound ?? Object.values(outcome.results).filter(failedAsNotFound).length;
  if (notFound === outcome.sent) {
    throw new NotFoundError(
      outcome.sent === 1
        ? 'the item failed: what it names does not exist'
        : `all ${count(outcome.sent, 'item')} failed: what they name does not exist`,
    );
  }
  throw new PartialFailureError(failureSummary(outcome));
}

/** Rows for a human table: the failed items first, each group in input order. */
export function failedFirst(results: ResultMap): ({ key: string } & ItemResult)[] {
  const failed: ({ key: string } & ItemResult)[] = [];
  const succeeded: ({ key: string } & ItemResult)[] = [];
  for (const [key, result] of Object.entries(results)) {
    (result.success ? succeeded : failed).push({ ...result, key });
  }
  return [...failed, ...succeeded];
}
