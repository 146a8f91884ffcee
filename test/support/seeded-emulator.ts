import { readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { seedWorkspaces, startEmulator, type Emulator } from './e2e.js';

const basicFixture = new URL('../../examples/fixtures/basic.json', import.meta.url).pathname;

/**
 * An emulator for a test file, seeded with examples/fixtures/basic.json, and svc's
 * environment for its owner@example.com workspace; started before the file's tests and
 * stopped after them. Read the members inside tests: they are set once it has started.
 */
export function useBasicEmulator(): { emulator: Emulator; env: Record<string, string> } {
  const state = {} as { emulator: Emulator; env: Record<string, string> };
  beforeAll(async () => {
    state.emulator = await startEmulator(['--seed', basicFixture]);
    const seeded = await seedWorkspaces(state.emulator, readFileSync(basicFixture, 'utf8'));
    state.env = seeded.envFor('owner@example.com');
  });
  afterAll(async () => {
    await state.emulator.stop();
  });
  return state;
}
