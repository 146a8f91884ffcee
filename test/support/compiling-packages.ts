import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The scripts through which npm builds a package as it installs it. */
const BUILD_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

/**
 * The packages under `nodeModules` (nested ones too) that npm would compile or build as it
 * installs them: those with an install-time script, or a binding.gyp, for which npm runs
 * node-gyp by default. Empty: the install compiled nothing, whatever the machine has.
 */
export function compilingPackages(nodeModules: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(path);
        continue;
      }
      const manifest = join(path, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name: string;
        scripts?: Record<string, string>;
      };
      if (BUILD_SCRIPTS.some((s) => scripts[s]) || existsSync(join(path, 'binding.gyp')))
        found.push(name);
      visit(join(path, 'node_modules'));
    }
  };
  visit(nodeModules);
  return found.sort();
}
