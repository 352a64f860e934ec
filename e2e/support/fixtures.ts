import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { type E2EState, type E2EUser, readState } from './state';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

interface Fixtures {
  /** The registry under test. */
  registry: E2EState;
  /** Signs the page's browser context in through the real sign-in endpoint. */
  signInAs: (page: Page, who: E2EUser) => Promise<void>;
  /** Fails on serious or critical axe violations of the page as it is now. */
  checkA11y: (page: Page) => Promise<void>;
  /** Saves a screenshot under e2e/screenshots/ for review. */
  saveScreenshot: (page: Page, name: string, options?: { selector?: string }) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  registry: async ({}, use) => {
    await use(readState());
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(readState().webUrl);
  },
  signInAs: async ({ registry }, use) => {
    await use(async (page, who) => {
      const response = await page.request.post(`${registry.apiUrl}/api/auth/sign-in/email`, {
        data: { email: who.email, password: who.password },
        headers: { origin: registry.webUrl },
      });
      expect(response.ok(), await response.text()).toBe(true);
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  checkA11y: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
        [],
      );
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  saveScreenshot: async ({}, use) => {
    mkdirSync(screenshotDir, { recursive: true });
    await use(async (page, name, options = {}) => {
      const file = path.join(screenshotDir, `${name}.png`);
      if (options.selector) await page.locator(options.selector).first().screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: true });
    });
  },
});

export { expect };
