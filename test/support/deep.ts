/**
 * How hard the fuzz and load tests push. CI and `npm test` run a short run from a fixed
 * seed, so a failure there is reproducible and the suite stays fast; `npm run test:deep`
 * (SVC_TEST_DEEP=1) runs the long one from a fresh seed each time, as before.
 */
export const DEEP = process.env.SVC_TEST_DEEP === '1';

/** `quick` in an ordinary run, `deep` under `npm run test:deep`. */
export function scaled(quick: number, deep: number): number {
  return DEEP ? deep : quick;
}

/** fast-check's seed: fixed in an ordinary run, random (fast-check's default) in a deep one. */
export const FUZZ_SEED: number | undefined = DEEP ? undefined : 20_260_401;
