import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { type Emulator, uiAddress } from './e2e.js';

/** Debian's chromium: the tests drive it, since browsers cannot be downloaded where they run. */
export const CHROMIUM = process.env.SVC_TEST_CHROMIUM ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

/** Where screenshots go; CI keeps the directory (git-ignored). */
export const SCREENSHOTS = fileURLToPath(
  new URL('../../test-output/screenshots/', import.meta.url),
);

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  page: Page;
  context: BrowserContext;
  /** A second page, e.g. another site's, in the same browser. */
  newPage(): Promise<Page>;
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Chromium with a fresh profile of its own, removed on close. */
export async function openBrowser(viewport = { width: 1280, height: 800 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'svc-ui-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    page,
    context,
    newPage: () => context.newPage(),
    async screenshot(name) {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the emulator's web UI (`view` below it) in `page` by the link a person is given: with
 * `#token=` when the emulator has an admin token. The page keeps the token for its tab, so
 * later addresses in the same page need none. Gives the UI's address, without the token.
 */
export async function openUi(
  page: Page,
  emulator: Pick<Emulator, 'url' | 'adminToken'>,
  view = '',
): Promise<string> {
  const ui = `${emulator.url}/_emulator/ui/`;
  await page.goto(uiAddress(emulator, `${ui}${view}`));
  return ui;
}
