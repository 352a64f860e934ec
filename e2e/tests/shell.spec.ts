import { expect, test } from '../support/fixtures';

test.describe('document and header', () => {
  test('home has the translated title, description, language and a header', async ({ page, registry, checkA11y }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('ComfyUI Registry');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Discover and install ComfyUI custom nodes.',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const header = page.getByRole('banner');
    const home = header.getByRole('link', { name: 'Comfy Registry' });
    await expect(home).toHaveAttribute('href', '/');
    const logo = home.locator('svg');
    await expect(logo).toHaveAttribute('width', '36');
    await expect(logo).toHaveAttribute('height', '36');
    // SPEC §2: Documentation opens the external registry overview (the Chinese docs for zh*).
    await expect(header.getByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      'https://docs.comfy.org/registry/overview',
    );
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /API reference/ })).toHaveAttribute(
      'href',
      `${registry.apiUrl}/docs`,
    );
    await expect(header.getByRole('link', { name: 'Resolve workflow' })).toHaveAttribute('href', '/resolve');
    await expect(header.getByRole('link', { name: 'Join our Discord community' })).toHaveAttribute('href', '/discord');
    await expect(header.getByRole('button', { name: /^Language/ })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login?fromUrl=%2F');
    await expect(header.getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/auth/signup?fromUrl=%2F');
    const width = await page.locator('header nav').evaluate((nav) => getComputedStyle(nav).maxWidth);
    expect(width).toBe('1280px');
    await checkA11y(page);
  });

  test('login and signup links carry the current page, query and hash', async ({ page }) => {
    await page.goto('/no-such-page?x=1#part');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/auth/login?fromUrl=${encodeURIComponent('/no-such-page?x=1#part')}`,
    );
  });

  for (const path of ['/auth/login', '/auth/signup', '/auth/logout', '/auth/forgot-password', '/_error', '/api/x']) {
    test(`header is hidden on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
    });
  }

  test('unknown pages show a translated not-found page', async ({ page, checkA11y }) => {
    await page.goto('/definitely/missing');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByRole('banner')).toBeVisible();
    await checkA11y(page);
  });

  test('/discord redirects to the configured invite', async ({ request, registry }) => {
    const response = await request.get(`${registry.webUrl}/discord`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`${registry.webUrl}/e2e-discord-invite`);
  });

  test('the signed-out phone header takes two rows at most in every language', async ({ page, saveScreenshot }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 740 });
    for (const language of ['en', 'zh', 'ja', 'fr', 'es', 'ko', 'ru', 'ar', 'tr']) {
      await page.addInitScript((code) => localStorage.setItem('comfy-registry-language', code), language);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const header = page.getByRole('banner');
      await expect(header.locator('a[href^="/auth/signup"]')).toBeInViewport({ ratio: 1 });
      await expect(header.locator('a[href^="/auth/login"]')).toBeInViewport({ ratio: 1 });
      // Rows: the distinct heights at which the header's visible controls sit.
      const rows = await header.evaluate((element) => {
        const tops: number[] = [];
        for (const control of element.querySelectorAll('a, button')) {
          const box = control.getBoundingClientRect();
          // Skip links and other screen-reader-only controls are a pixel wide.
          if (box.width < 8 || box.height < 8) continue;
          const middle = box.top + box.height / 2;
          if (!tops.some((top) => Math.abs(top - middle) < 12)) tops.push(middle);
        }
        return tops.length;
      });
      expect(rows, language).toBeLessThanOrEqual(2);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, language).toBeLessThanOrEqual(0);
      if (['en', 'es', 'ar'].includes(language))
        await saveScreenshot(page, `header-390-${language}`, { selector: 'header' });
    }
  });

  for (const width of [390, 360]) {
    test(`the header shows Login and Signup on a ${width} px phone without sideways scrolling`, async ({
      page,
      saveScreenshot,
    }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/');
      // SPEC §2: logged out, the header shows Login and Signup.
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Signup' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Signup' })).toBeInViewport({ ratio: 1 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `home-${width}`);
    });
  }

  test('Documentation opens the Chinese docs when the language is Chinese', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'zh'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    const docs = page.getByRole('banner').locator('a[href^="https://docs.comfy.org/"]');
    await expect(docs).toHaveAttribute('href', 'https://docs.comfy.org/zh-CN');
    const popup = page.waitForEvent('popup');
    await docs.click();
    expect((await popup).url()).toBe('https://docs.comfy.org/zh-CN');
  });

  test('the header leads to the missing-nodes resolver, also in Arabic at 360 px', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Resolve workflow' }).click();
    await expect(page).toHaveURL('/resolve');
    // The URL changes at once; the home page stays until the resolver's code has loaded.
    await expect(page.getByRole('heading', { level: 1, name: 'Find the packs a workflow needs' })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // Below the small breakpoint the link shows its icon and keeps its name for screen readers.
    await expect(page.getByRole('banner').getByRole('link', { name: 'فحص سير العمل' })).toHaveAttribute(
      'href',
      '/resolve',
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('theme', () => {
  test('light by default, dark and auto from the header, stored without a flash on reload', async ({
    page,
    saveScreenshot,
    checkA11y,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await saveScreenshot(page, 'header-light', { selector: 'header' });
    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('comfy-registry-theme'))).toBe('dark');
    await saveScreenshot(page, 'header-dark', { selector: 'header' });
    await saveScreenshot(page, 'home-dark');
    await checkA11y(page);

    // Hold the app's JavaScript back until the check is done: the page must already be dark
    // before any of it runs. (Held, not delayed by a fixed time, so a slow machine cannot turn
    // the check into a race with the scripts.)
    let releaseScripts: () => void = () => {};
    const scriptsReleased = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    let scriptsServed = 0;
    await page.route('**/assets/*.js', async (route) => {
      await scriptsReleased;
      scriptsServed += 1;
      await route.continue().catch(() => {});
    });
    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector('html.dark');
    expect(scriptsServed).toBe(0);
    releaseScripts();
    await page.waitForLoadState('load');
    await page.unroute('**/assets/*.js');
    await expect(page.getByRole('button', { name: /^Theme/ })).toBeVisible();

    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Automatic (system)' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});
