import { EmulatorError } from '../errors.js';
import type { Answer } from '../http.js';
import { readAssetFile } from './asset-files.js';

/**
 * The page's files, built by scripts/build-ui.mjs, read once and kept: the UI loads
 * nothing from the network.
 */

const TYPES: Readonly<Record<string, string>> = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

/** Where the page's token goes in index.html. */
const TOKEN_SLOT = '__SVC_UI_TOKEN__';

/** Everything the page needs comes from the emulator itself, and nothing runs inline. */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const cache = new Map<string, Promise<string>>();

function read(name: string): Promise<string> {
  let text = cache.get(name);
  if (!text) {
    text = readAssetFile(name);
    // A failed read is tried again next time rather than remembered.
    text.catch(() => cache.delete(name));
    cache.set(name, text);
  }
  return text;
}

async function built(name: string): Promise<string> {
  try {
    return await read(name);
  } catch {
    throw new EmulatorError(
      'UNAVAILABLE',
      'The emulator UI is not built into this copy of svc: run npm run build.',
    );
  }
}

/** index.html, carrying this run's token for the page's calls. */
export async function pageAnswer(token: string): Promise<Answer> {
  const html = (await built('index.html')).replace(TOKEN_SLOT, token);
  return {
    status: 200,
    text: html,
    headers: { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8' },
  };
}

export async function assetAnswer(name: string): Promise<Answer> {
  const type = Object.hasOwn(TYPES, name) ? TYPES[name] : undefined;
  if (type === undefined)
    throw new EmulatorError('NOT_FOUND', `The emulator UI has no asset ${name}.`);
  return {
    status: 200,
    text: await built(name),
    headers: { ...PAGE_HEADERS, 'content-type': type },
  };
}
