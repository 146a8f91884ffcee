import type { OperationName } from '../../../src/catalogue/operations.js';
import { crossWorkspaceCases, unknownIds } from './cross-workspace.js';

/**
 * A valid `data` for every operation: what the fuzzer mutates and what the auth matrix sends
 * with wrong credentials. Each is the first request of the operation's cross-workspace case
 * (the one that targets ids A has, and succeeds), so a new operation's data is written once,
 * there; the fuzz test checks each against its request schema.
 */
export const validRequests = Object.fromEntries(
  Object.entries(crossWorkspaceCases).map(([name, c]) => [
    name,
    c.kind === 'public' ? c.request : (c.requests(unknownIds)[0] ?? {}),
  ]),
) as Record<OperationName, Record<string, unknown>>;
