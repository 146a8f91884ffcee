import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, haveChromium, openBrowser, openUi } from '../support/browser.js';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// Skipped where Chromium is missing, except in CI, where .ci/run installs it.
describe.skipIf(!haveChromium && process.env.CI !== 'true')(
  'the web UI shows webhook deliveries, in Chromium',
  () => {
    const emulator = useEmulator({ jobDelay: 'manual' });
    let browser: Browser;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      browser = await openBrowser();
      receiver = await startReceiver((i) => (i === 0 ? 500 : 204));
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await receiver?.close();
    });

    it('lists a message with its attempts, status codes, next retry and payload, and resends it', async () => {
      const env = emulator.env;
      expect(
        (await svc(['webhooks', 'config', 'update', '--advanced', '--enable'], env)).exitCode,
      ).toBe(0);
      const created = await svc(['webhooks', 'endpoints', 'create', '--url', receiver.url], env);
      expect(created.exitCode, created.stderr).toBe(0);
      const triggered = await svc(['webhooks', 'trigger', 'comment.add', '--json'], env);
      const { webhookId } = JSON.parse(triggered.stdout) as { webhookId: string };
      await receiver.waitFor(1);

      const { page } = browser;
      await openUi(page, emulator, 'webhooks');
      const row = page.locator('tr', { hasText: webhookId });
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain('HTTP 500');
      const text = (await row.textContent()) ?? '';
      expect(text).toContain('comment.add');
      expect(text).toContain('pending');
      // The next retry is 5 s after the failure, on the (manual) clock.
      expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}/);
      await row.locator('summary', { hasText: 'payload' }).click();
      expect(await row.locator('pre.json').textContent()).toContain('"event": "comment.add"');

      await page
        .getByRole('button', { name: /^Resend delivery dlv_/ })
        .first()
        .click();
      await expect.poll(() => row.textContent()).toContain('HTTP 204');
      await receiver.waitFor(2);
      expect(receiver.received[1]?.headers['webhook-id']).toBe(webhookId);
      await browser.screenshot('webhooks');
    });
  },
);
