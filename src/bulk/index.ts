/**
 * The shared bulk-input path of every bulk command (issue 3, "One shared bulk-input
 * path"): `--file` as JSON array, NDJSON or CSV, every item validated before anything is
 * sent, batches with bounded concurrency and parents first, one merged result map.
 */
export type { Batch } from './batches.js';
export { idItems, objectItems, type BulkInput, type ParsedItem, type WireObject } from './input.js';
export { batchBody, parseItemJson, type ItemJson } from './item-spool.js';
export type { BulkFormat } from './read.js';
export {
  failedFirst,
  failureSummary,
  throwIfAnyFailed,
  unknownOutcome,
  type BulkOutcome,
  type ItemResult,
  type ResultMap,
} from './result.js';
export {
  DEFAULT_CONCURRENCY,
  MAX_CONCURRENCY,
  planBatches,
  runBulk,
  type BulkOptions,
  type RunBulkOptions,
  type VerifiedItem,
} from './run.js';
export {
  RunProgress,
  type RunProgressOptions,
  type ProgressSummary,
  type Notices,
} from './run-progress.js';
export type { Progress, SendBatch } from './send.js';
export type { SourceSpec } from './source.js';
