import { fileURLToPath } from 'node:url';
import { type RunningEmulator, type SeededWorkspace } from '../../../src/emulator/server.js';
import { keyHeaders, post, type Reply } from './helpers.js';

/** The documented example fixture, which the emulator tests run against. */
export const basicFixture = fileURLToPath(
  new URL('../../../examples/fixtures/basic.json', import.meta.url),
);

/** A fixed clock between the fixture's expired (2000) and live (2100) temporary grants. */
export const SEED_CLOCK = 1_700_000_000_000;

/** The fixture's first workspace ("owner@example.com") and its second ("rival@example.com"). */
export function seededWorkspaces(emulator: RunningEmulator): {
  owner: SeededWorkspace;
  rival: SeededWorkspace;
} {
  const [owner, rival] = emulator.seeded;
  if (!owner || !rival) throw new Error('the basic fixture seeds two workspaces');
  return { owner, rival };
}

/** A key-level call made with a workspace's key credentials. */
export function callAs(
  emulator: RunningEmulator,
  creds: { apiKey: string; authToken: string },
): (path: string, data: unknown) => Promise<Reply> {
  return (path, data) => post(emulator.url, path, data, keyHeaders(creds));
}
