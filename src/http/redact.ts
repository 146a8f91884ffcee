import { maskUrlPasswords } from '../text/url-passwords.js';

/**
 * Secrets never reach a terminal or a log. Three nets: the names of fields and headers that
 * hold secrets, the secret values themselves (the resolved credentials, a provider key
 * read from stdin), which are scrubbed from any text wherever they appear, and the password
 * of any URL.
 */

export const REDACTED = '[redacted]';

const secretFieldNames = new Set([
  'token',
  'authtoken',
  'workspacetoken',
  'secret',
  'password',
  // What operation 129 answers: whoever holds it can pass for the permission provider.
  'signature',
  // An AI provider's key, as the API key configuration (151) takes it.
  'customerapikey',
]);
const secretHeaderNames = new Set([
  'x-service-auth-token',
  'x-service-workspace-auth-token',
  'authorization',
  'proxy-authorization',
]);

/**
 * A header that carries a secret: one named so, or the auth token header under any prefix
 * (`x-acme-auth-token`), so a deployment's own names are redacted as the contract's are.
 */
function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return secretHeaderNames.has(lower) || lower.endsWith('-auth-token');
}

/** `apiKey` is an identifier everywhere except inside these objects, where it is a secret. */
const parentsWhereApiKeyIsSecret = new Set(['emailserviceconfig']);

function isSecretField(key: string, parent: string | undefined): boolean {
  const k = key.toLowerCase();
  if (secretFieldNames.has(k)) return true;
  return k === 'apikey' && parent !== undefined && parentsWhereApiKeyIsSecret.has(parent);
}

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Registers a secret value so that it is scrubbed from every text passed through here. */
  add(...values: (string | undefined)[]): this {
    // Very short values would scrub innocent text; real tokens are long.
    for (const v of values) if (v && v.length >= 6) this.secrets.add(v);
    return this;
  }

  text(input: string): string {
    let out = input;
    for (const s of this.secrets) out = out.split(s).join(REDACTED);
    return maskUrlPasswords(out);
  }

  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      out[name] = isSecretHeader(name) ? REDACTED : this.text(value);
    }
    return out;
  }

  /** A deep copy with secret fields replaced, then scrubbed of known secret values. */
  json(value: unknown): unknown {
    return replaceSecretFields(
      value,
      () => REDACTED,
      (text) => this.text(text),
    );
  }

  /** Redacts a body that may or may not be JSON. */
  body(text: string): string {
    try {
      return JSON.stringify(this.json(JSON.parse(text)));
    } catch {
      return this.text(text);
    }
  }
}

/** `name`, or `name (2)`, `name (3)`… when a member of that name is already taken. */
function distinctName(taken: Record<string, unknown>, name: string): string {
  if (!Object.hasOwn(taken, name)) return name;
  let n = 2;
  while (Object.hasOwn(taken, `${name} (${n})`)) n++;
  return `${name} (${n})`;
}

/**
 * A deep copy of `value` in which each string held by a secret field becomes
 * `secret(value)`, and every other string `other(value)`: member names too, since a map may
 * be keyed by a secret (`notifyUsers: {"<token>": true}`). Two names that `other` makes
 * equal stay apart, numbered, so that no member is lost.
 */
export function replaceSecretFields(
  value: unknown,
  secret: (value: string) => string,
  other: (value: string) => string = (text) => text,
  parent?: string,
): unknown {
  if (typeof value === 'string') return other(value);
  if (Array.isArray(value)) return value.map((v) => replaceSecretFields(v, secret, other, parent));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[distinctName(out, other(k))] =
        isSecretField(k, parent) && typeof v === 'string'
          ? secret(v)
          : replaceSecretFields(v, secret, other, k.toLowerCase());
    }
    return out;
  }
  return value;
}

/** Shows only the last four characters, so a person can tell two secrets apart. */
export function mask(secret: string | undefined): string {
  if (!secret) return '';
  if (secret.length < 12) return '****';
  return `****${secret.slice(-4)}`;
}
