import { createRequire } from 'node:module';

/**
 * Where @napi-rs/keyring is installed, for the helper process that loads it
 * (keyring.ts). The single executable has its own version of this module, which has none.
 */
export function keyringAddonPath(): string {
  return createRequire(import.meta.url).resolve('@napi-rs/keyring');
}
