import { defineConfig } from 'vitest/config';

/**
 * Two projects, one `vitest run`. The unit tests compute: one fork per core. The end-to-end
 * tests mostly wait on the svc processes they spawn, so more forks than cores keep the
 * cores busy (on two cores: 285 s with three forks against about 13 minutes with one).
 * SVC_TEST_WORKERS overrides both, e.g. on a larger machine.
 */
const override = Number(process.env.SVC_TEST_WORKERS) || undefined;

const shared = {
  testTimeout: 20_000,
  hookTimeout: 30_000,
  pool: 'forks' as const,
  globalSetup: ['test/support/temp-root.ts'],
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/fidelity/**/*.test.ts'],
          // The files of a fork share its loaded modules: loading svc's modules afresh for
          // each file was over half of this project's time (208 s against 91 s on two
          // cores). No test here may depend on a module's state left by another file; the
          // one that counts what a module loads loads it afresh (vi.resetModules).
          isolate: false,
          // Each project runs as its own group, at its own number of forks.
          sequence: { groupOrder: 0 },
          maxWorkers: override ?? 2,
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // A test here runs svc several times, one process after another: on two loaded
          // cores each start can take seconds. The limit is for a hang, which it still
          // catches; what a test says about time, it asserts itself.
          testTimeout: 60_000,
          // As in the unit project: the files of a fork share their loaded modules (execa,
          // the support helpers). Loading them afresh for each file cost 72 of the 509 CPU
          // seconds of a run on Node 24; every file here starts its own processes and keeps
          // no state in a module.
          isolate: false,
          sequence: { groupOrder: 1 },
          maxWorkers: override ?? 3,
        },
      },
    ],
  },
});
