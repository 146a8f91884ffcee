import { readFile } from 'node:fs/promises';

/**
 * The page's files as the build wrote them, in `dist/ui/` beside the emulator's chunk. The
 * single executable reads them from inside itself instead (src/sea/ui-asset-files.ts).
 */
const ASSET_DIR = new URL('./ui/', import.meta.url);

export function readAssetFile(name: string): Promise<string> {
  return readFile(new URL(name, ASSET_DIR), 'utf8');
}
