import { opt } from '../cli/declare/options.js';

/** The flags that name where a command acts, worded the same in every command. */
export const orgOption = opt.id('--org <id>', 'organization id');
export const docOption = opt.id('--doc <id>', 'document id');
