/**
 * Where the operations of the catalogue come from, told by their numbers: the one rule that
 * docs/api.md's summary tables, the fidelity tests (which play the external spec's examples)
 * and the catalogue test all read.
 */

export interface Source {
  /** A short name: the marker of its summary table in docs/api.md, and the tests', use it. */
  name: 'spec' | 'deletion-status' | 'webhooks' | 'service';
  /** Its numbers, `first` to `last`. */
  first: number;
  last: number;
  /** Every number from `first` to `last` is an operation of the catalogue. */
  complete: boolean;
  /** What its operations are, in a few words. */
  description: string;
}

export const sources: readonly Source[] = [
  {
    name: 'spec',
    first: 1,
    last: 27,
    complete: true,
    description: "the external spec's operations",
  },
  {
    name: 'deletion-status',
    first: 28,
    last: 28,
    complete: true,
    description: 'the status of a user-data deletion, which the spec leaves out',
  },
  {
    name: 'webhooks',
    first: 29,
    last: 37,
    complete: true,
    description: "the webhook configuration calls of the service's documentation",
  },
  {
    // Numbered in the order of the service's own reference; the catalogue holds some of them.
    name: 'service',
    first: 101,
    last: 158,
    complete: false,
    description: 'the further operations of the service',
  },
];

export type SourceName = Source['name'];

/** The source of an operation, by its number; none for a number outside every source. */
export function sourceOf(number: number): Source | undefined {
  return sources.find((source) => number >= source.first && number <= source.last);
}
