import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search node packs' });
/** The result cards: list items with a pack's heading (a card's tags are list items too). */
const results = (page: Page) =>
  page
    .getByRole('region', { name: /Results|Popular packs/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });
const card = (page: Page, name: string) => results(page).filter({ has: page.getByRole('heading', { name }) });

test.describe('home search', () => {
  test('finds a pack by name as you type, with highlighted matches', async ({ page, checkA11y, saveScreenshot }) => {
    await page.goto('/');
    await searchBox(page).fill('impact pack');
    await expect(page).toHaveURL(/\?q=impact\+pack$/);
    const impact = card(page, 'ComfyUI Impact Pack');
    await expect(impact).toBeVisible();
    await expect(impact.getByRole('link', { name: 'ComfyUI Impact Pack' })).toHaveAttribute(
      'href',
      '/nodes/comfyui-impact-pack',
    );
    await expect(impact.locator('h3 mark')).toHaveText(['Impact', 'Pack']);
    await expect(impact.getByText('Unclaimed', { exact: true })).toBeVisible();
    await expect(impact.getByText(/^\d+ of \d+ nodes match:$/)).toBeVisible();
    await expect(impact.getByText('3.3K')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /packs found/ })).toBeVisible();
    await saveScreenshot(page, 'search-results');
    await checkA11y(page);
  });

  test('/ jumps to the search box from anywhere on the page, but types a slash inside a field', async ({ page }) => {
    await page.goto('/?q=upscale');
    await page.getByRole('region', { name: 'Results' }).click({ position: { x: 5, y: 5 } });
    await expect(searchBox(page)).not.toBeFocused();
    await page.keyboard.press('/');
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue('upscale');
    await expect(searchBox(page)).toHaveAttribute('aria-keyshortcuts', '/');
    await page.keyboard.press('End');
    await page.keyboard.press('/');
    await expect(searchBox(page)).toHaveValue('upscale/');
  });

  test('each result card is one Tab stop: its name; the classes and tags inside are not', async ({ page }) => {
    await page.goto('/?q=ksampler');
    const cards = results(page);
    await expect(cards.nth(2)).toBeVisible();
    // The first card matches classes and carries tags: links a mouse can use, but not Tab stops.
    await expect(cards.first().locator('a[href^="/comfy-nodes/"]').first()).toHaveAttribute('tabindex', '-1');
    const names = await cards.locator('h3 a').evaluateAll((links) => links.slice(0, 3).map((a) => a.textContent));
    await cards.first().locator('h3 a').focus();
    for (const name of names.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveText(name ?? '');
    }
  });

  test('forgives a misspelling', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('impcat pack');
    await expect(card(page, 'ComfyUI Impact Pack')).toBeVisible();
  });

  test('finds the pack providing a comfy-node class', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('KSampler (Efficient)');
    const pack = card(page, 'Efficiency Nodes for ComfyUI Version 2.0+');
    await expect(pack).toBeVisible();
    await expect(pack.locator('code').filter({ hasText: /^KSampler \(Efficient\)$/ })).toBeVisible();
  });

  test('sort changes the results and the URL; back and forward restore them', async ({ page }) => {
    await page.goto('/?q=upscale');
    await expect(searchBox(page)).toHaveValue('upscale');
    const first = results(page).first().getByRole('heading').getByRole('link');
    const byRelevance = await first.getAttribute('href');
    await page.getByLabel('Sort by').selectOption('stars');
    await expect(page).toHaveURL(/\?q=upscale&sort=stars$/);
    await expect(first).not.toHaveAttribute('href', byRelevance ?? '');
    const byStars = await first.getAttribute('href');
    await page.goBack();
    await expect(page).toHaveURL(/\?q=upscale$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await expect(first).toHaveAttribute('href', byRelevance ?? '');
    await page.goForward();
    await expect(page.getByLabel('Sort by')).toHaveValue('stars');
    await expect(first).toHaveAttribute('href', byStars ?? '');
  });

  test('pages and filters live in the URL; back restores the query in the box', async ({ page }) => {
    await page.goto('/?q=upscale');
    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?q=upscale&page=2$/);
    await expect(page.getByText('Page 2 of')).toBeVisible();
    await page.getByText('Filters', { exact: true }).click();
    // The box follows the URL, so wait for the state rather than expecting it at once.
    await page.getByRole('checkbox', { name: 'Linux' }).click();
    await expect(page.getByRole('checkbox', { name: 'Linux' })).toBeChecked();
    await expect(page).toHaveURL(/\?q=upscale&os=linux$/);
    await expect(page.getByText('Filters (1)')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\?q=upscale&page=2$/);
    await expect(page.getByText('Filters', { exact: true })).toBeVisible();
    await searchBox(page).fill('lora');
    await expect(page).toHaveURL(/\?q=lora$/);
    await page.goBack();
    await expect(page).toHaveURL(/\?q=upscale$/);
    await expect(searchBox(page)).toHaveValue('upscale');
  });

  test('publisher and tag filters change the results and the URL; back and forward restore them', async ({
    page,
    registry,
    signInAs,
    checkA11y,
  }) => {
    // A publisher of our own with one pack, so filtering by publisher has something to single out.
    await signInAs(page, registry.users.user);
    const token = await page.request.get(`${registry.apiUrl}/auth/token`, { headers: { origin: registry.webUrl } });
    expect(token.ok(), await token.text()).toBe(true);
    const headers = { authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
    const publisherId = `filters-${Date.now().toString(36)}`;
    const publisher = await page.request.post(`${registry.apiUrl}/publishers`, {
      headers,
      data: { id: publisherId, name: 'Filter Test Studio' },
    });
    expect(publisher.ok(), await publisher.text()).toBe(true);
    const pack = await page.request.post(`${registry.apiUrl}/publishers/${publisherId}/nodes`, {
      headers,
      data: {
        id: `${publisherId}-upscaler`,
        name: 'Filter Test Upscaler',
        description: 'Upscale video frames.',
        tags: ['video'],
      },
    });
    expect(pack.ok(), await pack.text()).toBe(true);

    await page.goto('/?q=upscale');
    const count = page.getByRole('status').filter({ hasText: /packs? found/ });
    await expect(count).toBeVisible();
    const unfiltered = await count.textContent();
    await page.getByText('Filters', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Add a tag' }).fill('video');
    await page.getByRole('textbox', { name: 'Add a tag' }).press('Enter');
    await expect(page).toHaveURL(/\?q=upscale&tag=video$/);
    await expect(page.getByRole('button', { name: 'Remove filter video' })).toBeVisible();
    await expect(count).not.toHaveText(unfiltered ?? '');
    const byTag = await count.textContent();

    await page.getByRole('textbox', { name: 'Add a publisher' }).fill(publisherId);
    await page.getByRole('button', { name: 'Add', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`\\?q=upscale&publisher=${publisherId}&tag=video$`));
    await expect(count).toHaveText('1 pack found');
    await expect(results(page).getByRole('heading')).toHaveText(['Filter Test Upscaler']);
    await expect(page.getByText('Filters (2)')).toBeVisible();
    await checkA11y(page);

    await page.goBack();
    await expect(page).toHaveURL(/\?q=upscale&tag=video$/);
    await expect(count).toHaveText(byTag ?? '');
    await expect(page.getByRole('button', { name: 'Remove filter Filter Test Studio' })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\?q=upscale$/);
    await expect(count).toHaveText(unfiltered ?? '');
    await page.goForward();
    await page.goForward();
    await expect(count).toHaveText('1 pack found');
    await expect(page.getByRole('button', { name: 'Remove filter Filter Test Studio' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove filter video' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=upscale&publisher=${publisherId}$`));
    await expect(results(page).getByRole('heading')).toHaveText(['Filter Test Upscaler']);
  });

  test('the filters fit 360 px in Arabic', async ({ page, checkA11y, saveScreenshot }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto('/?q=upscale&tag=video&publisher=some-publisher-with-a-rather-long-identifier');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: 'إزالة عامل التصفية video' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'أضف وسمًا' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'search-filters-ar-360');
    await checkA11y(page);
  });

  test('shows popular packs and the introduction when nothing is typed', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Popular packs' })).toBeVisible();
    await expect(results(page)).toHaveCount(20);
    await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
    // One h1 for the page: the introduction's title sits under the search heading.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Find a custom node pack']);
    await expect(page.getByRole('heading', { level: 2, name: 'Custom nodes for ComfyUI, in one place' })).toBeVisible();
  });

  test('a search without results explains what to try', async ({ page, checkA11y }) => {
    await page.goto('/?q=qqxqzzvv');
    await expect(page.getByText('No packs match “qqxqzzvv”')).toBeVisible();
    await expect(page.getByText(/Type its class name/)).toBeVisible();
    await page.getByRole('button', { name: 'Show all packs' }).click();
    await expect(page).toHaveURL(/\/$/);
    await checkA11y(page);
  });

  test('suggestions and the last three searches in the combobox', async ({ page, saveThemedScreenshots }) => {
    await page.goto('/');
    const box = searchBox(page);
    for (const query of ['upscale', 'lora', 'controlnet', 'impact']) {
      await box.fill(query);
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`q=${query}$`));
    }
    await box.fill('');
    await box.focus();
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(listbox.getByRole('option')).toHaveText(['impact', 'controlnet', 'lora']);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');
    await expect(page).toHaveURL(/\?q=controlnet$/);
    await box.fill('impa');
    await expect(listbox.getByRole('option').first()).toBeVisible();
    // A comfy-node class, as pasted from a workflow: choosing it searches for the packs providing it.
    await box.fill('ksampler (effic');
    const classOption = listbox.getByRole('option').filter({ hasText: /^KSampler \(Efficient\)Node class$/ });
    await expect(classOption).toBeVisible();
    await saveThemedScreenshots(page, 'search-class-suggestion', '/', async (shot) => {
      await shot.locator('input[type="search"]').fill('ksampler (effic');
      await expect(shot.getByRole('option').filter({ hasText: 'KSampler (Efficient)' }).first()).toBeVisible();
    });
    await classOption.click();
    await expect(page).toHaveURL(/\?q=KSampler\+%28Efficient%29$/);
    await expect(card(page, 'Efficiency Nodes for ComfyUI Version 2.0+')).toBeVisible();
    await box.fill('');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(listbox.getByRole('option')).toHaveCount(0);
  });

  test('fits a 360 px screen without sideways scrolling', async ({ page, saveScreenshot }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/?q=KSampler');
    await expect(results(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'search-360');
  });

  test('reads right to left in Arabic', async ({ page, checkA11y, saveScreenshot }) => {
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto('/?q=upscale');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'ابحث عن حزمة عُقد مخصصة' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'البحث في حزم العُقد' })).toHaveValue('upscale');
    await expect(page.getByRole('region', { name: 'النتائج' }).getByRole('listitem').first()).toBeVisible();
    await saveScreenshot(page, 'search-ar');
    await checkA11y(page);
  });
});
