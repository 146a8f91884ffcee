import { getAsset } from 'node:sea';

/**
 * The emulator UI's files inside the single executable, put there by
 * scripts/build-binary.mjs under `ui/NAME`; replaces src/emulator/ui/asset-files.ts there.
 */
export function readAssetFile(name: string): Promise<string> {
  return Promise.resolve().then(() => getAsset(`ui/${name}`, 'utf8'));
}
