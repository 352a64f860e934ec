import type { Page } from '@playwright/test';
import { routePaths } from '../../web/src/app/route-paths';
import { expect, test } from '../support/fixtures';
import { publishOwnPack } from '../support/web-a';

// Every route of the app's router (the one list the web listener also reads) is a page on a
// direct load, anything else is a 404 with the not-found screen, and every page's title ends with
// the site name in the reader's language.

type Ids = Record<string, string>;

/** A route's path with its parameters filled from `ids`. */
const fill = (pattern: string, ids: Ids) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name] ?? name));

/** Waits until the page's title has settled on a page of its own (pages name themselves once loaded). */
async function settledTitle(page: Page, site: string): Promise<string> {
  await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(new RegExp(` · ${site}$`));
  return page.title();
}

const OFFSITE = new Set<string>([routePaths.discord]);
const ANONYMOUS_ONLY = new Set<string>([
  routePaths.login,
  routePaths.signup,
  routePaths.forgotPassword,
  routePaths.resetPassword,
  routePaths.verifyEmail,
  routePaths.logout,
]);
const ADMIN_ONLY = Object.values(routePaths).filter((p) => p.startsWith('/admin'));

test.describe('statuses and titles', () => {
  test('every route answers 200 on a direct load, other paths 404 with the not-found screen', async ({
    page,
    registry,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(240_000);
    const own = await publishOwnPack(page, registry, 'w22status');
    const ids: Ids = { nodeId: own.nodeId, publisherId: own.publisherId, name: own.className, version: '1.0.0' };
    for (const pattern of Object.values(routePaths)) {
      if (OFFSITE.has(pattern)) continue;
      const url = fill(pattern, ids);
      expect((await page.request.get(`${registry.webUrl}${url}`, { maxRedirects: 0 })).status(), url).toBe(200);
    }
    for (const url of ['/no-such-page', '/nodes/x/y/z', '/publishers/x/y', '/auth/nope', '/search']) {
      const response = await page.request.get(`${registry.webUrl}${url}`, { maxRedirects: 0 });
      expect(response.status(), url).toBe(404);
      expect(await response.text(), url).toContain('<div id="root">');
    }
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · ComfyUI Registry');
    await saveThemedScreenshots(page, 'web22-not-found', '/no-such-page', async (shot) => {
      await expect(shot.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });

  // One test per language, so the two halves of the longest walk of the suite run side by side.
  for (const [language, site] of [
    ['en', 'ComfyUI Registry'],
    ['ar', 'سجل ComfyUI'],
  ] as const) {
    test(`every screen’s title ends with the site name (${language})`, async ({
      page,
      browser,
      registry,
      signInAs,
    }) => {
      test.setTimeout(300_000);
      const own = await publishOwnPack(page, registry, `w22title${language}`);
      const ids: Ids = { nodeId: own.nodeId, publisherId: own.publisherId, name: own.className, version: '1.0.0' };
      const admin = await browser.newContext({ locale: 'en-US' });
      const adminPage = await admin.newPage();
      await signInAs(adminPage, registry.users.admin);
      const anonymous = await browser.newContext({ locale: 'en-US' });
      const anonymousPage = await anonymous.newPage();
      // The pack's own owner sees the pack's manage and publish screens, the admin the admin screens.
      const pageFor = (pattern: string) =>
        ADMIN_ONLY.includes(pattern as (typeof ADMIN_ONLY)[number])
          ? adminPage
          : ANONYMOUS_ONLY.has(pattern)
            ? anonymousPage
            : page;

      const wrong: string[] = [];
      for (const p of [page, adminPage, anonymousPage]) {
        await p.goto('/');
        await p.evaluate((lng) => localStorage.setItem('comfy-registry-language', lng), language);
      }
      for (const pattern of Object.values(routePaths)) {
        if (OFFSITE.has(pattern) || pattern === routePaths.home) continue;
        const p = pageFor(pattern);
        await p.goto(fill(pattern, ids));
        const title = await settledTitle(p, site).catch(async () => p.title());
        if (!title.endsWith(` · ${site}`)) wrong.push(`${language} ${pattern}: ${title}`);
      }
      await page.goto('/');
      await expect(page).toHaveTitle(site);
      expect(wrong).toEqual([]);
      await admin.close();
      await anonymous.close();
    });
  }
});

test.describe('phone header', () => {
  for (const language of ['en', 'ar', 'es', 'fr', 'ru', 'tr'] as const) {
    test(`signed out at 390 px, the header shows Login and Signup without overflow (${language})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
      await context.addInitScript((lng) => localStorage.setItem('comfy-registry-language', lng), language);
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('#root[inert]')).toHaveCount(0, { timeout: 15_000 });
      const banner = page.getByRole('banner');
      await expect(banner.locator('a[href^="/auth/login"]')).toBeVisible();
      // SPEC: signed out shows Login and Signup, on a phone too.
      await expect(banner.locator('a[href^="/auth/signup"]')).toBeVisible();
      // With both, the header wraps below the logo on a 390-px phone; in languages with longer
      // words Signup takes a third line. Every link and button sits on one of at most three lines
      // (their vertical middles fall into at most three groups), and nothing overflows sideways.
      const boxes = await banner.evaluate((header) =>
        [...header.querySelectorAll('a, button')]
          .map((element) => element.getBoundingClientRect())
          .filter((box) => box.width > 0 && box.height > 0)
          .map((box) => ({ middle: Math.round(box.top + box.height / 2), width: Math.round(box.width) })),
      );
      const middles = boxes.map((box) => box.middle).sort((a, b) => a - b);
      expect(middles.length).toBeGreaterThan(2);
      const rows = middles.filter((middle, i) => i === 0 || middle - (middles[i - 1] as number) > 4).length;
      expect(rows, JSON.stringify(boxes)).toBeLessThanOrEqual(3);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
});

test('the signed-out phone header, light, dark and Arabic', async ({ page, saveThemedScreenshots }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await saveThemedScreenshots(page, 'web22-phone-header', '/', async (shot) => {
    await expect(shot.getByRole('banner').locator('a[href^="/auth/login"]')).toBeVisible();
  });
});
