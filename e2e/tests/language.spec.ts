import { expect, test } from '../support/fixtures';

test.describe('language picker', () => {
  test('lists every language in the current one and its own; switching keeps path, query and hash', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/no-such-page?q=sampler&page=2#results');
    const picker = page.getByRole('button', { name: 'Language: English' });
    await picker.click();
    const menu = page.getByRole('menu');
    const items = menu.getByRole('menuitemradio');
    await expect(items).toHaveCount(9);
    await expect(items.nth(0)).toHaveText('English');
    await expect(items.nth(0)).toHaveAttribute('aria-checked', 'true');
    await expect(items.nth(0).locator('.font-bold')).toHaveText('English');
    await expect(items.nth(2)).toHaveText('日本語 · Japanese');
    await expect(items.nth(7)).toHaveText('العربية · Arabic (Beta)');
    await expect(menu.getByRole('menuitem', { name: 'Contribute' })).toBeVisible();
    await checkA11y(page);

    await items.nth(2).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page).toHaveURL(/\/no-such-page\?q=sampler&page=2#results$/);
    await expect(page).toHaveTitle(/ComfyUI/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('comfy-registry-language'))).toBe('ja');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.getByRole('button', { name: /日本語/ }).click();
    const jaItems = page.getByRole('menu').getByRole('menuitemradio');
    await expect(jaItems.nth(2)).toHaveText('日本語');
    await expect(jaItems.nth(0)).toHaveText('English · 英語');
  });

  test('is usable with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    const picker = page.getByRole('button', { name: 'Language: English' });
    await picker.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: /^中文/ })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Contribute' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(picker).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  });

  test('Arabic lays the page out right to left', async ({ page, saveScreenshot, checkA11y }) => {
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const header = page.getByRole('banner');
    const logoBox = await header.getByRole('link').first().boundingBox();
    expect(logoBox?.x ?? 0).toBeGreaterThan(700);
    await saveScreenshot(page, 'header-arabic', { selector: 'header' });
    await saveScreenshot(page, 'home-arabic');
    await checkA11y(page);
  });

  test('Contribute opens the localization dialog; "Contribute on GitHub" opens the issue page in a new tab and closes it', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitem', { name: 'Contribute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contribute to Localization' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(4);
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitem', { name: 'Contribute' }).click();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Contribute on GitHub' }).click();
    // SPEC §2: an external issue page, in a new tab; the dialog closes.
    expect((await popup).url()).toBe('https://github.com/Comfy-Org/registry-web/issues/206');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Dynamic Translation appears only with a browser translator, which also fills missing keys', async ({
    page,
  }) => {
    // Without a translator (this Chromium may ship one: hide it) there is no switch.
    await page.addInitScript(() =>
      Object.defineProperty(window, 'Translator', { value: undefined, configurable: true }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: /^Language/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Contribute' })).toBeVisible();
    await expect(page.getByRole('menuitemcheckbox')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A stand-in for the browser's Translator API, and a French file that lacks one key.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'Translator', {
        configurable: true,
        value: {
          availability: async () => 'available',
          create: async ({ targetLanguage }: { targetLanguage: string }) => ({
            translate: async (text: string) => `[${targetLanguage}] ${text}`,
          }),
        },
      });
      localStorage.setItem('comfy-registry-language', 'fr');
    });
    await page.route('**/locales/fr/common.json*', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      delete json.home.getStarted;
      await route.fulfill({ response, json });
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.reload();
    await expect(page.getByRole('link', { name: '[fr] Get started' })).toBeVisible();
    expect(warnings.some((w) => w.includes('home.getStarted'))).toBe(true);

    await page.getByRole('button', { name: /^Langue/ }).click();
    const toggle = page.getByRole('menuitemcheckbox');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => localStorage.getItem('comfy-registry-dynamic-translation'))).toBe('true');
  });
});
