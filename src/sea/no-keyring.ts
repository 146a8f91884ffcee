// Stands in for src/config/keyring-addon.ts in the single executable, which carries no OS
// keyring library (tsup.binary.config.ts): tokens go to the config file there.
export function keyringAddonPath(): string {
  throw new Error('the single executable carries no OS keyring library');
}
