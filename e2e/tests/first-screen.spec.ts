import { expect, test } from '../support/fixtures';

const pack = 'comfyui-impact-pack';

test.describe('first screen rendered on the server', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a pack page shows its name, publisher, stats, install command and description', async ({
      page,
      saveScreenshot,
    }) => {
      await page.goto(`/nodes/${pack}`);
      await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
      await expect(page.getByText('Unclaimed: nobody has claimed this pack yet')).toBeVisible();
      await expect(
        page.getByText('git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack', { exact: true }),
      ).toBeVisible();
      await expect(page.getByText('detector nodes and detailer nodes')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Resolve workflow' })).toBeVisible();
      // Inert until the app takes it over: nothing clicked or typed meanwhile can be lost.
      await expect(page.locator('#root')).toHaveAttribute('inert', '');
      await saveScreenshot(page, 'first-screen-pack-no-js');
    });

    test('a search link shows its first page of results, and home the popular packs', async ({
      page,
      saveScreenshot,
    }) => {
      await page.goto('/?q=impact');
      await expect(page.getByRole('heading', { level: 1, name: 'Find a custom node pack' })).toBeVisible();
      await expect(page.locator('#root input[type="search"]')).toHaveValue('impact');
      // The results are in the page as served: no script ran.
      const results = page.getByRole('region', { name: 'Results' });
      await expect(results.getByRole('heading', { name: 'ComfyUI Impact Pack' })).toBeVisible();
      await expect(results.getByText(/packs? found/)).toBeVisible();
      // Only the first rows of cards: the app adds the rest of the page, and its pager.
      await expect(results.getByRole('heading', { level: 3 })).toHaveCount(9);
      await expect(page.getByRole('navigation', { name: 'Result pages' })).toHaveCount(0);
      await saveScreenshot(page, 'first-screen-search-no-js');
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Popular packs' }).getByRole('listitem').first()).toBeVisible();
    });

    test('is written in the language the reader chose in the app (the cookie)', async ({ page, context }) => {
      await page.goto(`/nodes/${pack}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      const { origin } = new URL(page.url());
      await context.addCookies([{ name: 'comfy-registry-language', value: 'ar', url: origin }]);
      await page.goto(`/nodes/${pack}`);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
    });
  });

  test.describe('without JavaScript, in a French browser', () => {
    test.use({ javaScriptEnabled: false, locale: 'fr-FR' });

    test('is written in the browser’s language (Accept-Language)', async ({ page }) => {
      await page.goto(`/nodes/${pack}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('link', { name: 'Résoudre un workflow' })).toBeVisible();
    });
  });

  test('the app takes the page over: live, not inert, and without a second copy of the page', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/nodes/${pack}`);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const command = 'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack';
    const copy = page.getByRole('button', { name: `Copy “${command}”` });
    await copy.click();
    await expect(copy).toHaveText('Copied');
  });

  test('on a search link the app adds the results the server left out, and the pager', async ({ page }) => {
    await page.goto('/?q=upscale');
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('heading', { level: 3 })).toHaveCount(20);
    await expect(page.getByRole('navigation', { name: 'Result pages' })).toBeVisible();
  });

  test('a language chosen in the app is the language of the next server-rendered page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menu').getByRole('menuitemradio').nth(4).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const html = await (await page.request.get(`/nodes/${pack}`)).text();
    expect(html).toContain('<html lang="es" dir="ltr">');
  });
});
