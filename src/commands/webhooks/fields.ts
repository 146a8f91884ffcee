import { readFile } from 'node:fs/promises';
import { triggerKeys, webhookEventNames } from '../../catalogue/webhook-events.js';
import { UsageError } from '../../errors/errors.js';

/** Each comma-separated value of a repeated flag, trimmed, empty ones refused. */
export function listValues(values: readonly string[], flag: string): string[] {
  const out = values.flatMap((value) => value.split(',')).map((value) => value.trim());
  if (out.some((value) => value === '')) throw new UsageError(`${flag}: empty value`);
  return out;
}

/** `--events a,b`: names of the event catalogue, each once. */
export function eventNames(values: readonly string[], flag = '--events'): string[] {
  const names = [...new Set(listValues(values, flag))];
  for (const name of names) {
    if (!webhookEventNames.includes(name)) {
      throw new UsageError(`${flag}: unknown event "${name}"`, {
        hint: `events: ${webhookEventNames.join(', ')}`,
      });
    }
  }
  return names;
}

/** `--trigger NAME=on/off`: the flags of just the named triggers; a later repeat wins. */
export function triggerSwitches(values: readonly string[]): Record<string, boolean> {
  const triggers: Record<string, boolean> = {};
  for (const value of listValues(values, '--trigger')) {
    const [, name = '', state] = /^(.*)=(on|off)$/.exec(value) ?? [];
    if (!triggerKeys.includes(name)) {
      throw new UsageError(`--trigger "${value}": give NAME=on or NAME=off`, {
        hint: `names: ${triggerKeys.join(', ')}`,
      });
    }
    triggers[name] = state === 'on';
  }
  return triggers;
}

/** `--metadata key=value`, repeated. */
export function metadataEntries(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of listValues(values, '--metadata')) {
    const at = value.indexOf('=');
    if (at <= 0) throw new UsageError(`--metadata "${value}": give KEY=VALUE`);
    const key = value.slice(0, at);
    if (key in out) throw new UsageError(`--metadata: key "${key}" given twice`);
    out[key] = value.slice(at + 1);
  }
  return out;
}

/**
 * The public key as the service takes it, bare Base64 of the key without PEM lines, from a
 * PEM file (SPKI or PKCS#1) or a file that already holds the bare Base64.
 */
export async function publicKeyFromFile(path: string): Promise<string> {
  const text = (await readFile(path, 'utf8')).trim();
  const { createPublicKey } = await import('node:crypto');
  try {
    const key = text.startsWith('-----')
      ? createPublicKey(text)
      : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    return key.export({ format: 'der', type: 'spki' }).toString('base64');
  } catch {
    throw new UsageError(`--public-key-file ${path}: not an RSA public key (PEM or Base64 DER)`);
  }
}
