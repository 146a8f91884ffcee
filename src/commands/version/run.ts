import type { Context } from '../../cli/context.js';
import { buildKind, type BuildKind } from '../../sea/build-kind.js';
import { VERSION } from '../../version.js';

interface VersionReport {
  version: string;
  node: string;
  platform: string;
  build: BuildKind;
}

function versionReport(): VersionReport {
  return {
    version: VERSION,
    node: process.versions.node,
    platform: `${process.platform}-${process.arch}`,
    build: buildKind(),
  };
}

/**
 * `svc version`: the line `svc --version` prints first, so a script reading the first line
 * gets the same answer from either, then what a bug report needs besides.
 */
export async function run(ctx: Context): Promise<void> {
  const report = versionReport();
  if (ctx.out.json) return ctx.out.jsonDocument(report);
  ctx.io.stdout.write(
    `${report.version}\nnode ${report.node}\nplatform ${report.platform}\nbuild ${report.build}\n`,
  );
}
