import { forState } from './set-disabled.js';

export const run = forState(true);
