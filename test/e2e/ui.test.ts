import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, haveChromium, openBrowser, openUi } from '../support/browser.js';
import { adminFetch, adminHeaders, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const OWNER = 'ui@example.com';
const fixture = {
  workspaces: [
    {
      ownerEmail: OWNER,
      name: 'Uma Owner',
      workspaceName: 'UI workspace',
      organizations: [
        {
          id: 'acme',
          name: 'Acme Inc.',
          users: [
            { id: 'alice', name: 'Alice', email: 'alice@example.com' },
            { id: 'bob', name: 'Bob' },
            // A right-to-left override would show this name reversed, as "Eve exe.txt".
            { id: 'eve', name: 'Eve \u202Etxt.exe' },
          ],
          groups: [{ id: 'engineering', name: 'Engineering' }],
          folders: [
            { id: 'handbook', name: 'Handbook' },
            { id: 'policies', name: 'Policies', parentId: 'handbook' },
            { id: 'secret', name: 'Secret', accessType: 'restricted' },
          ],
          documents: [
            { id: 'welcome', name: 'Welcome', folderId: 'policies' },
            { id: 'plans', name: 'Plans', folderId: 'secret' },
            { id: 'notes', name: 'Notes' },
          ],
          grants: [{ userId: 'alice', folder: 'handbook', role: 'viewer' }],
          notifications: [{ id: 'n1', documentId: 'welcome', displayBodyMessage: 'Hello' }],
          crdt: [
            {
              documentId: 'welcome',
              editorId: 'body',
              type: 'map',
              data: { title: 'Welcome aboard', tags: ['new'] },
            },
          ],
        },
      ],
    },
  ],
};

// Skipped where Chromium is missing, except in CI, where .ci/run installs it and a skip would hide a failure.
describe.skipIf(!haveChromium && process.env.CI !== 'true')(
  'the emulator web UI, in Chromium',
  () => {
    const emulator = useEmulator({ seed: fixture, jobDelay: 'manual' });
    let browser: Browser;
    let ui: string;

    beforeAll(async () => {
      browser = await openBrowser();
      // By the link with the admin token, as a person opens it: the page keeps the token for
      // its tab, so the tests' later addresses need none.
      ui = await openUi(browser.page, emulator);
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    it('shows the seeded data: the folder tree, documents with their access, users and grants', async () => {
      const { page } = browser;
      await page.goto(`${ui}data`);
      const main = page.locator('main');
      await expect.poll(() => main.locator('h1').textContent()).toBe('Data');
      const tree = main.locator('ul.tree').first();
      // policies sits inside handbook, welcome inside policies.
      await expect
        .poll(() =>
          tree
            .locator('li.folder:has(> code:text-is("handbook")) li.folder code')
            .first()
            .textContent(),
        )
        .toBe('policies');
      expect(
        await tree.locator('li.folder:has(> code:text-is("policies")) li.doc code').textContent(),
      ).toBe('welcome');
      const plans = tree.locator('li.doc:has(> code:text-is("plans"))');
      expect(await plans.textContent()).toContain('access from folder secret');
      expect(
        await main.locator('li.folder:has(> code:text-is("secret"))').first().textContent(),
      ).toContain('restricted');
      expect(await main.getByRole('region', { name: 'Grants in acme' }).textContent()).toContain(
        'folder handbook',
      );
      const users = await main.getByRole('region', { name: 'Users of acme' }).textContent();
      expect(users).toContain('alice@example.com');
      // Text from callers is shown, not obeyed: the override is written out.
      expect(users).toContain('Eve \\u{202E}txt.exe');
      expect(users).not.toContain('\u202E');
      expect(
        await main.getByRole('region', { name: 'Notifications in acme' }).textContent(),
      ).toContain('Hello');
      // CRDT data as its JSON value, not as bytes.
      expect(await main.getByRole('region', { name: 'CRDT data in acme' }).textContent()).toContain(
        '"title": "Welcome aboard"',
      );

      await page.getByLabel('Search by id').fill('welc');
      expect(await page.getByRole('region', { name: 'Matches' }).textContent()).toContain(
        'welcome',
      );
      await browser.screenshot('data');
    });

    it("shows a svc command's call as it arrives, with its permission decision and why", async () => {
      const { page } = browser;
      await page.goto(`${ui}requests`);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Requests');
      const r = await svc(
        [
          'permissions',
          'get',
          '--org',
          'acme',
          '--user',
          'alice',
          '--doc',
          'welcome,plans',
          '--json',
        ],
        emulator.env,
      );
      expect(r.exitCode, r.stderr).toBe(0);

      // No reload: the call arrives through the event stream.
      const call = page.locator('li.call', { hasText: 'permissions.get' }).first();
      await call.waitFor({ timeout: 10_000 });
      expect(await call.locator('summary').textContent()).toMatch(/permissions\.get.*key.*200/);
      await call.locator('summary').click();
      const decisions = call.locator('ul.decisions');
      expect(await decisions.textContent()).toContain(
        'viewer grant on Folder handbook, inherited by Document welcome',
      );
      expect(await decisions.textContent()).toContain('Document plans is restricted');
      // The caller's auth token never reaches the page.
      expect(await call.textContent()).not.toContain(emulator.env.SVC_AUTH_TOKEN);
      await browser.screenshot('requests');
    });

    it('makes no calls while nothing happens: the log is pushed, not polled', async () => {
      const { page } = browser;
      for (const view of ['requests', 'data']) {
        await page.goto(`${ui}${view}`);
        await expect.poll(() => page.locator('main h1').count()).toBe(1);
        const calls: string[] = [];
        const count = (request: { url(): string }) => calls.push(request.url());
        page.on('request', count);
        await page.waitForTimeout(2_000);
        page.off('request', count);
        expect(calls, `${view} view`).toEqual([]);
      }
    });

    it('switching a console option on lets a refused svc folders add succeed', async () => {
      const add = (id: string) =>
        svc(
          ['folders', 'add', '--org', 'acme', '--id', id, '--name', `Folder ${id}`],
          emulator.env,
        );
      const refused = await add('f1');
      expect(refused.exitCode).not.toBe(0);
      expect(refused.stderr).toContain('FAILED_PRECONDITION');

      const { page } = browser;
      // The log says which check refused it, and why.
      await page.goto(`${ui}requests`);
      const call = page.locator('li.call', { hasText: 'FAILED_PRECONDITION' }).first();
      await call.locator('summary').click();
      const decisions = await call.locator('ul.decisions').textContent();
      expect(decisions).toMatch(/denied\s*Workspace \S+ → advancedQueries/);
      expect(decisions).toContain(
        'Adding folders needs the advanced queries console option, which is off.',
      );

      await page.goto(`${ui}workspaces`);
      const option = page.getByRole('switch', { name: 'Advanced queries' });
      expect(await option.isChecked()).toBe(false);
      await option.check();
      await expect
        .poll(() => page.locator('#status').textContent())
        .toContain('Advanced queries on');
      expect(await page.getByRole('switch', { name: 'Advanced queries' }).isChecked()).toBe(true);

      const added = await add('f2');
      expect(added.exitCode, added.stderr).toBe(0);
      await browser.screenshot('workspaces');
    });

    it('steps a migration to completion from the jobs view', async () => {
      const started = await svc(
        ['docs', 'migrate', '--org', 'acme', '--doc', 'notes', '--to', 'notes-v2', '--json'],
        emulator.env,
      );
      expect(started.exitCode, started.stderr).toBe(0);
      const { migrationId } = JSON.parse(started.stdout) as { migrationId: string };

      const { page } = browser;
      await page.goto(`${ui}jobs`);
      const row = page.locator('tr', { hasText: migrationId });
      await row.waitFor();
      expect(await row.textContent()).toMatch(/pending|in_progress/);
      for (let i = 0; i < 20 && !(await row.textContent())?.includes('completed'); i++) {
        const before = await row.textContent();
        await page.getByRole('button', { name: `Step job ${migrationId}` }).click();
        // Each step shows: the row is redrawn with one more step done.
        await expect.poll(() => row.textContent()).not.toBe(before);
      }
      expect(await row.textContent()).toContain('completed');
      await browser.screenshot('jobs');
    });

    it('replaces the fault plan from the faults view', async () => {
      const { page } = browser;
      await page.goto(`${ui}faults`);
      const plan = {
        rules: [
          { path: '/v1/organizations/folders/get', fault: 'status', status: 503, probability: 1 },
        ],
      };
      await page.getByLabel('Fault plan (JSON)').fill(JSON.stringify(plan));
      await page.getByRole('button', { name: 'Replace the plan' }).click();
      await expect
        .poll(() => page.locator('#status').textContent())
        .toContain('Fault plan replaced');
      expect(
        await page.locator('section', { hasText: 'Active fault plan' }).textContent(),
      ).toContain('folders/get');
      await browser.screenshot('faults');
      await page.getByRole('button', { name: 'Clear all faults' }).click();
      await expect.poll(() => page.locator('#status').textContent()).toContain('Faults cleared');
    });

    it('shows the emails the emulator sent, with their links', async () => {
      const sent = await svc(
        ['workspace', 'login-link', '--email', OWNER, '--continue-url', 'http://localhost:3000/'],
        emulator.env,
      );
      expect(sent.exitCode, sent.stderr).toBe(0);
      const { page } = browser;
      await page.goto(`${ui}outbox`);
      const outbox = page.getByRole('region', { name: 'Emails the emulator sent' });
      const row = outbox.locator('tr', { hasText: OWNER });
      await row.waitFor();
      const href = await row.getByRole('link').getAttribute('href');
      expect(href).toContain(`${emulator.url}/_emulator/verify?token=`);
      await browser.screenshot('outbox');
    });

    it("is readable at a phone's width: nothing wider than the screen, every view in reach", async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        const views = ['Workspaces', 'Data', 'Requests', 'Outbox', 'Jobs', 'Webhooks', 'Faults'];
        for (const title of views) {
          const view = title.toLowerCase();
          await page.goto(`${ui}${view}`);
          // The heading comes with the view's content, once it is loaded.
          await expect.poll(() => page.locator('main h1').textContent()).toBe(title);
          const overflow = await page.evaluate(
            'document.documentElement.scrollWidth - document.documentElement.clientWidth',
          );
          expect(overflow, `${view} scrolls sideways`).toBeLessThanOrEqual(0);
          const links = await page
            .getByRole('navigation', { name: 'Views' })
            .getByRole('link')
            .all();
          expect(links).toHaveLength(views.length);
          for (const link of links) expect(await link.isVisible()).toBe(true);
          await browser.screenshot(`${view}-phone`);
        }
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });

    it('works from the keyboard: skip link, view links, and the focus moves to the new view', async () => {
      const { page } = browser;
      await page.goto(`${ui}data`);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Data');
      await page.keyboard.press('Tab');
      expect(await page.locator(':focus').textContent()).toBe('Skip to content');
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      expect(await page.locator(':focus').textContent()).toBe('Requests');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate('document.activeElement?.tagName')).toBe('H1');
      expect(await page.locator(':focus').textContent()).toBe('Requests');
      expect(new URL(page.url()).pathname).toBe('/_emulator/ui/requests');
      // The address is the view's own: a reload shows the same view.
      await page.reload();
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Requests');
    });

    it("refuses state-changing calls from another site, and calls without the run's token", async () => {
      const attacker = await browser.newPage();
      // Another site, served by the test itself: nothing leaves the machine.
      await attacker.route('http://attacker.example/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>elsewhere</title>',
        }),
      );
      await attacker.goto('http://attacker.example/');
      const outcomes = await attacker.evaluate(async (base) => {
        const tries = [
          fetch(`${base}/_emulator/ui/api/reset`, {
            method: 'POST',
            mode: 'no-cors',
            body: '{}',
            headers: { 'content-type': 'text/plain' },
          }),
          fetch(`${base}/_emulator/reset`, {
            method: 'POST',
            mode: 'no-cors',
            body: '{}',
            headers: { 'content-type': 'text/plain' },
          }),
          fetch(`${base}/_emulator/ui/api/reset`, {
            method: 'POST',
            body: '{}',
            headers: { 'content-type': 'application/json', 'x-svc-ui-token': 'guess' },
          }),
        ];
        return Promise.all(
          tries.map((t) =>
            t.then(
              () => 'sent',
              (e: Error) => e.message,
            ),
          ),
        );
      }, emulator.url);
      await attacker.close();
      expect(outcomes).toHaveLength(3);

      const noToken = await fetch(`${emulator.url}/_emulator/ui/api/reset`, { method: 'POST' });
      expect(noToken.status).toBe(401);
      // The admin token alone is not enough either: the UI's calls need the run's token too.
      const noRunToken = await fetch(`${emulator.url}/_emulator/ui/api/reset`, {
        method: 'POST',
        headers: adminHeaders(emulator, { 'content-type': 'application/json' }),
        body: '{}',
      });
      expect(noRunToken.status).toBe(403);

      // Nothing was reset: the data is all there.
      const { page } = browser;
      await page.goto(`${ui}data`);
      await expect.poll(() => page.locator('main').textContent()).toContain('Handbook');
    });

    it('reveals the masked tokens of a workspace on request', async () => {
      const { page } = browser;
      await page.goto(`${ui}workspaces`);
      const card = page.locator('article', { hasText: 'UI workspace' });
      await card.getByRole('button', { name: 'Reveal tokens' }).waitFor();
      expect(await card.textContent()).not.toContain(emulator.env.SVC_AUTH_TOKEN);
      await card.getByRole('button', { name: 'Reveal tokens' }).click();
      await expect.poll(() => card.textContent()).toContain(emulator.env.SVC_AUTH_TOKEN);
      await card.getByRole('button', { name: 'Hide tokens' }).click();
      await expect.poll(() => card.textContent()).not.toContain(emulator.env.SVC_AUTH_TOKEN);
    });

    it('exports the state, and imports it back after a confirmation', async () => {
      const { page } = browser;
      await page.goto(`${ui}data`);
      await expect.poll(() => page.locator('main').textContent()).toContain('Handbook');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export' }).click(),
      ]);
      const saved = join(mkdtempSync(join(tmpdir(), 'svc-ui-export-')), 'state.json');
      await download.saveAs(saved);
      expect(JSON.parse(readFileSync(saved, 'utf8'))).toMatchObject({
        format: 'svc-emulator-state',
      });

      const wiped = await adminFetch(emulator, '/_emulator/reset', { method: 'POST' });
      expect(wiped.status).toBe(200);
      await page.reload();
      await expect.poll(() => page.locator('main').textContent()).toContain('No organizations yet');

      await page.locator('#import-file').setInputFiles(saved);
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain('Replace the whole state with state.json?');
      await dialog.getByRole('button', { name: 'Import' }).click();
      await expect
        .poll(() => page.locator('#status').textContent())
        .toContain('Imported state.json');
      expect(await page.locator('main').textContent()).toContain('Handbook');
    });

    it('resets the emulator after a confirmation, and the data view is empty', async () => {
      const { page } = browser;
      await page.goto(`${ui}data`);
      await expect.poll(() => page.locator('main').textContent()).toContain('Handbook');
      await page.getByRole('button', { name: 'Reset' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain('Every workspace and all data will be deleted');
      await dialog.getByRole('button', { name: 'Reset' }).click();
      await expect.poll(() => page.locator('main').textContent()).toContain('No organizations yet');
      await browser.screenshot('data-after-reset');
    });
  },
);
