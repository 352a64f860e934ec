import { expect, test } from '../support/fixtures';

test.describe('pack page', () => {
  test('shows an unclaimed catalogue pack with a git clone command that copies', async ({
    page,
    context,
    checkA11y,
    saveScreenshot,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/nodes/comfyui-impact-pack');
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
    await expect(page).toHaveTitle('ComfyUI Impact Pack · ComfyUI Registry');
    await expect(page.getByText('Unclaimed: nobody has claimed this pack yet')).toBeVisible();
    await expect(page.getByText('detector nodes and detailer nodes')).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://github.com/ltdrdata/ComfyUI-Impact-Pack' })).toHaveAttribute(
      'href',
      'https://github.com/ltdrdata/ComfyUI-Impact-Pack',
    );
    await expect(page.getByText('No versions have been published yet.')).toBeVisible();
    const command = 'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack';
    await expect(page.getByText(command, { exact: true })).toBeVisible();
    const copy = page.getByRole('button', { name: `Copy “${command}”` });
    await copy.click();
    await expect(copy).toHaveText('Copied');
    await expect(page.getByRole('status').filter({ hasText: 'Command copied to the clipboard' })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    await saveScreenshot(page, 'node-page');
    await checkA11y(page);
  });

  test('is reached from a search result', async ({ page }) => {
    await page.goto('/?q=impact%20pack');
    await page.getByRole('link', { name: 'ComfyUI Impact Pack' }).first().click();
    await expect(page).toHaveURL(/\/nodes\/comfyui-impact-pack$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Search node packs' })).toHaveValue('impact pack');
  });

  test('explains an unknown pack', async ({ page, checkA11y }) => {
    await page.goto('/nodes/no-such-pack-here');
    await expect(page.getByRole('heading', { name: 'Pack not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to search' })).toHaveAttribute('href', '/');
    await checkA11y(page);
  });

  test('fits 360 px and reads right to left in Arabic', async ({ page, checkA11y, saveScreenshot }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto('/nodes/comfyui-impact-pack');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'التثبيت' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'node-page-ar-360');
    await checkA11y(page);
  });
});
