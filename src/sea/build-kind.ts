/** How the running svc was shipped. */
export type BuildKind = 'binary' | 'npm';

/**
 * `binary` in the single executable (dist/svc-linux-x64), `npm` when a node runs the
 * package. Import it lazily: node:sea is of no use to any other command.
 */
export async function buildKind(): Promise<BuildKind> {
  const { isSea } = await import('node:sea');
  return isSea() ? 'binary' : 'npm';
}
