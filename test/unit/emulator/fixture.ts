import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  type EmulatorOptions,
  type RunningEmulator,
  type SeededWorkspace,
  startEmulator,
} from '../../../src/emulator/server.js';
import type { Reply } from './helpers.js';
import { callAs } from './seed.js';

/** A key-level call: the route and the `data` it is sent. */
export type Call = (path: string, data: unknown) => Promise<Reply>;

export interface FixtureOptions extends Omit<EmulatorOptions, 'now'> {
  /**
   * The emulator's clock, in epoch milliseconds: set back to this value at each start, moved
   * by the tests through `clock`. The real clock when absent.
   */
  clock?: number;
  /**
   * Default false: a fresh emulator for each test, so no test sees what another wrote (a
   * fresh in-process start costs about what a reset to the seed does). true: one emulator
   * for every test of the block, for tests that only read, or that build on each other.
   */
  shared?: boolean;
  /**
   * Options known only once the hooks before this call have run (a server they started, a
   * file they wrote), read at each start and laid over the others.
   */
  lateOptions?: () => Omit<EmulatorOptions, 'now'>;
}

/** The emulator of the running test, and what its seed made. */
export interface EmulatorFixture {
  readonly emulator: RunningEmulator;
  readonly url: string;
  /** The seed's first workspace ("owner@example.com" in the basic fixture). */
  readonly owner: SeededWorkspace;
  /** The seed's second workspace ("rival@example.com" in the basic fixture). */
  readonly rival: SeededWorkspace;
  /** A key-level call made as `owner`. */
  readonly call: Call;
  /** A key-level call made with other credentials. */
  callAs(creds: { apiKey: string; authToken: string }): Call;
  /** The emulator's clock, when the options gave one; tests move it forward. */
  clock: number;
}

/**
 * Starts an emulator for the tests of the block it is called in (a file at top level, or a
 * describe), and closes it after them whether they pass or fail. Hooks the test file adds
 * after this call run after the start and before the close.
 */
export function useEmulator(options: FixtureOptions = {}): EmulatorFixture {
  const { clock: startClock, shared = false, lateOptions, ...emulatorOptions } = options;
  let running: RunningEmulator | undefined;
  let clock = startClock;
  let ownerCall: Call | undefined;

  async function start(): Promise<void> {
    clock = startClock;
    ownerCall = undefined;
    running = await startEmulator({
      ...emulatorOptions,
      ...lateOptions?.(),
      ...(startClock !== undefined && { now: () => clock ?? startClock }),
    });
  }
  async function close(): Promise<void> {
    const stopping = running;
    running = undefined;
    await stopping?.close();
  }
  if (shared) {
    beforeAll(start);
    afterAll(close);
  } else {
    beforeEach(start);
    afterEach(close);
  }

  function current(): RunningEmulator {
    if (running === undefined) {
      throw new Error('the emulator runs only during the tests of the block that asked for it');
    }
    return running;
  }
  function seeded(index: 0 | 1): SeededWorkspace {
    const workspace = current().seeded[index];
    if (workspace === undefined) {
      throw new Error(`the seed made ${current().seeded.length} workspaces, not ${index + 1}`);
    }
    return workspace;
  }

  return {
    get emulator() {
      return current();
    },
    get url() {
      return current().url;
    },
    get owner() {
      return seeded(0);
    },
    get rival() {
      return seeded(1);
    },
    get call() {
      ownerCall ??= callAs(current(), seeded(0));
      return ownerCall;
    },
    callAs(creds) {
      return callAs(current(), creds);
    },
    get clock() {
      if (clock === undefined)
        throw new Error('the emulator runs on the real clock: no clock given');
      return clock;
    },
    set clock(value: number) {
      if (clock === undefined)
        throw new Error('the emulator runs on the real clock: no clock given');
      clock = value;
    },
  };
}
