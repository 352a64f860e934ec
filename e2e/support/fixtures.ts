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
  /**
   * Loads `url` in a fresh context of the page's browser with the same sign-in cookies, then reloads it
   * twice (light, dark, Arabic), waits for `ready` on each, and saves `<name>-light|dark|ar.png`.
   */
  saveThemedScreenshots: (page: Page, name: string, url: string, ready: (page: Page) => Promise<void>) => Promise<void>;
}

/** Addresses outside this registry that the web app links to by default. */
const EXTERNAL_PAGES = /^https:\/\/(?:docs\.comfy\.org|github\.com)\//;

/** How long a page may stay inert before the app has taken it over (the slowest CI machine). */
const TAKEOVER_TIMEOUT_MS = 15_000;

export const test = base.extend<Fixtures>({
  /**
   * Pages rendered on the server are inert until the app takes them over, a moment after they
   * show. Navigations wait for that, as a person waits for a page to respond, so a test's first
   * `focus()` or key press reaches the live page, not markup about to be replaced. Pages without
   * server markup (and pages loaded with JavaScript off) are never inert, so nothing waits there.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    // The external pages SPEC §2 links (docs, the translation issue) are answered here: no test
    // leaves the machine, and a popup still shows which address it opened.
    await page
      .context()
      .route(EXTERNAL_PAGES, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>External page</title>' }),
      );
    if (javaScriptEnabled !== false) {
      const live = () => expect(page.locator('#root[inert]')).toHaveCount(0, { timeout: TAKEOVER_TIMEOUT_MS });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args: Parameters<Page['goto']>) => {
        const response = await goto(...args);
        await live();
        return response;
      };
      page.reload = async (...args: Parameters<Page['reload']>) => {
        const response = await reload(...args);
        // A reload that asks only for the first bytes (`waitUntil: 'commit'`) is looking at the page
        // before the app runs, perhaps with its scripts held back: waiting for the takeover would hang.
        if (args[0]?.waitUntil !== 'commit') await live();
        return response;
      };
    }
    await use(page);
  },
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
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  saveThemedScreenshots: async ({}, use) => {
    mkdirSync(screenshotDir, { recursive: true });
    const variants = [
      { suffix: 'light', theme: 'light', language: null },
      { suffix: 'dark', theme: 'dark', language: null },
      { suffix: 'ar', theme: 'light', language: 'ar' },
    ] as const;
    await use(async (page, name, url, ready) => {
      const browser = page.context().browser();
      if (!browser) throw new Error('saveThemedScreenshots needs a launched browser');
      // One context for the three variants: the reloads reuse its cache, so only the first load
      // pays for fetching and compiling the app. The test's own page is left as it was.
      const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'en-US' });
      try {
        await context.addCookies(await page.context().cookies());
        const shot = await context.newPage();
        for (const [index, variant] of variants.entries()) {
          if (index === 0) {
            // Before the app's first script runs; on the reloads after it, the page chose already.
            await context.addInitScript(
              ({ theme, language }) => {
                if (sessionStorage.getItem('e2e-variant-chosen')) return;
                sessionStorage.setItem('e2e-variant-chosen', '1');
                localStorage.setItem('comfy-registry-theme', theme);
                if (language) localStorage.setItem('comfy-registry-language', language);
              },
              { theme: variant.theme, language: variant.language },
            );
            await shot.goto(new URL(url, readState().webUrl).toString());
          } else {
            await shot.evaluate(
              ({ theme, language }) => {
                localStorage.setItem('comfy-registry-theme', theme);
                if (language) localStorage.setItem('comfy-registry-language', language);
                else localStorage.removeItem('comfy-registry-language');
              },
              { theme: variant.theme, language: variant.language },
            );
            await shot.reload();
          }
          await expect(shot.locator('#root[inert]')).toHaveCount(0, { timeout: TAKEOVER_TIMEOUT_MS });
          if (variant.language) await expect(shot.locator('html')).toHaveAttribute('dir', 'rtl');
          await ready(shot);
          await shot.screenshot({ path: path.join(screenshotDir, `${name}-${variant.suffix}.png`), fullPage: true });
        }
      } finally {
        await context.close();
      }
    });
  },
});

export { expect };
