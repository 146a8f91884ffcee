import { opt } from '../cli/declare/options.js';

/** The flags that name where a command acts, worded the same in every command. */
export const orgOption = opt.id('--org <id>', 'organization id');
export const docOption = opt.id('--doc <id>', 'document id');

/**
 * `--limit N` of a listing: the output layer prints at most N of its items, whatever the
 * format, and says how many more there were (src/io/listing.ts).
 */
export const limitOption = opt.wholeNumber(
  '--limit <n>',
  'print at most N items (a notice says how many more)',
  { min: 1 },
);
