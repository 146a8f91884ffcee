/** How the running svc was shipped. */
export type BuildKind = 'binary' | 'npm';

/**
 * `binary` in the single executable (dist/svc-linux-x64), `npm` when a node runs the
 * package. node:sea is fetched from Node rather than imported: the executable has no
 * dynamic import, and only the commands that ask pay for loading it.
 */
export function buildKind(): BuildKind {
  const { isSea } = process.getBuiltinModule('node:sea');
  return isSea() ? 'binary' : 'npm';
}
