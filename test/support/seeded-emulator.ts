import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { FaultPlan } from '../../src/emulator/faults.js';
import {
  adminEnv,
  BASIC_FIXTURE,
  cleanEnv,
  seedWorkspaces,
  startEmulator,
  type Emulator,
  type SeededWorkspace,
  type StartOptions,
} from './e2e.js';

/** How the emulator of a test starts; every member is optional. */
export interface EmulatorSetup {
  /**
   * The fixture (docs/fixtures.md) loaded through the admin seed call once the emulator is
   * up: the path of a JSON file, or the fixture itself; `null` for an emulator without
   * workspaces. examples/fixtures/basic.json unless said.
   */
  seed?: string | object | null;
  /** Whose key-level credentials `env` carries: the fixture's first workspace unless said. */
  owner?: string;
  /** `--data-dir`: a store that outlives the process, for tests that restart it. */
  dataDir?: string;
  /** `--faults`: the faults the emulator injects from its first request. */
  faults?: FaultPlan;
  /** `--job-delay`: `manual` to finish jobs only when told, or a duration. */
  jobDelay?: string;
  /** Any other `svc emulator start` flags. */
  args?: string[];
}

/** A running emulator with the workspaces its fixture made, and svc's environment for them. */
export interface SeededEmulator extends Emulator {
  /** The credentials of every workspace the fixture made, in its order. */
  workspaces: SeededWorkspace[];
  /** The workspace `owner` names. */
  workspace: SeededWorkspace;
  /**
   * svc's environment for `workspace`: its key-level credentials, the emulator's URL and its
   * admin token (for `svc webhooks trigger`); without a seed, the URL and the token alone.
   */
  env: Record<string, string>;
  /** svc's environment for another seeded workspace; each call has a config dir of its own. */
  envFor(ownerEmail: string): Record<string, string>;
}

function startArgs(setup: EmulatorSetup): string[] {
  return [
    ...(setup.dataDir !== undefined ? ['--data-dir', setup.dataDir] : []),
    ...(setup.faults !== undefined ? ['--faults', JSON.stringify(setup.faults)] : []),
    ...(setup.jobDelay !== undefined ? ['--job-delay', setup.jobDelay] : []),
    ...(setup.args ?? []),
  ];
}

function fixtureOf(seed: string | object): unknown {
  return typeof seed === 'string' ? readFileSync(seed, 'utf8') : seed;
}

/** Starts `svc emulator start` on port 0 as `setup` says and seeds it; the caller stops it. */
export async function startSeededEmulator(setup: EmulatorSetup = {}): Promise<SeededEmulator> {
  const emulator = await startEmulator(startArgs(setup));
  const seed = setup.seed === undefined ? BASIC_FIXTURE : setup.seed;
  try {
    if (seed === null) {
      return {
        ...emulator,
        workspaces: [],
        get workspace(): SeededWorkspace {
          throw new Error('this emulator was started without a seed: it has no workspace');
        },
        env: cleanEnv({ SVC_BASE_URL: emulator.url, ...adminEnv(emulator) }),
        envFor(ownerEmail) {
          throw new Error(`this emulator was started without a seed: no workspace ${ownerEmail}`);
        },
      };
    }
    const seeded = await seedWorkspaces(emulator, fixtureOf(seed));
    const workspace =
      setup.owner === undefined
        ? seeded.workspaces[0]
        : seeded.workspaces.find((w) => w.ownerEmail === setup.owner);
    if (!workspace) throw new Error(`the fixture seeds no workspace ${setup.owner ?? ''}`.trim());
    return {
      ...emulator,
      workspaces: seeded.workspaces,
      workspace,
      env: seeded.envFor(workspace.ownerEmail),
      envFor: seeded.envFor,
    };
  } catch (err) {
    await emulator.stop();
    throw err;
  }
}

/**
 * An emulator for the tests of a file (or of the `describe` it is called in): started and
 * seeded before them, stopped after them. Read its members inside tests and hooks, once it
 * has started.
 */
export function useEmulator(setup: EmulatorSetup = {}): SeededEmulator {
  let started: SeededEmulator | undefined;
  beforeAll(async () => {
    started = await startSeededEmulator(setup);
  });
  afterAll(async () => {
    await started?.stop();
  });
  const running = (): SeededEmulator => {
    if (!started) throw new Error('the emulator is read before it started: read it inside tests');
    return started;
  };
  return {
    get url() {
      return running().url;
    },
    get adminToken() {
      return running().adminToken;
    },
    get process() {
      return running().process;
    },
    get workspaces() {
      return running().workspaces;
    },
    get workspace() {
      return running().workspace;
    },
    get env() {
      return running().env;
    },
    envFor: (ownerEmail) => running().envFor(ownerEmail),
    stop: () => running().stop(),
  };
}

/**
 * Emulators that the tests of a file start themselves, each with flags of its own: every one
 * is stopped after its test, passed or not.
 */
export function emulatorsPerTest(): {
  start(args?: string[], env?: Record<string, string>, options?: StartOptions): Promise<Emulator>;
  /** Stops `e` and gives what it wrote on stderr. */
  stderrOf(e: Emulator): Promise<string>;
} {
  let running: Emulator[] = [];
  afterEach(async () => {
    await Promise.all(running.map((e) => e.stop()));
    running = [];
  });
  return {
    async start(args = [], env = {}, options = {}) {
      const e = await startEmulator(args, env, options);
      running.push(e);
      return e;
    },
    async stderrOf(e) {
      await e.stop();
      return String((await e.process).stderr);
    },
  };
}
