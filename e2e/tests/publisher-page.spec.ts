import { UNCLAIMED_PUBLISHER_ID as unclaimed } from '../../web/src/lib/catalogue/unclaimed';
import { expect, test } from '../support/fixtures';

// The placeholder publisher that holds the imported catalogue's unclaimed packs.

test.describe('publisher page', () => {
  test('is public and pages through the packs', async ({ page, checkA11y, saveScreenshot, saveThemedScreenshots }) => {
    await page.goto(`/publishers/${unclaimed}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Unclaimed packs' })).toBeVisible();
    // The placeholder's internal handle is never shown; the page says what these packs are.
    await expect(page.getByText(`@${unclaimed}`)).toHaveCount(0);
    await expect(page.getByText(/nobody has claimed yet/)).toBeVisible();
    await saveThemedScreenshots(page, 'publisher-unclaimed', `/publishers/${unclaimed}`, async (shot) => {
      await expect(shot.getByRole('heading', { level: 1 })).toBeVisible();
    });
    await expect(page.getByRole('heading', { level: 2, name: /node packs$/ })).toBeVisible();
    const packs = page.getByRole('region', { name: /node packs$/ }).getByRole('listitem');
    await expect(packs).toHaveCount(24);
    const first = await packs.first().getByRole('link').getAttribute('href');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(packs.first().getByRole('link')).not.toHaveAttribute('href', first ?? '');
    await page.goBack();
    await expect(packs.first().getByRole('link')).toHaveAttribute('href', first ?? '');
    await saveScreenshot(page, 'publisher-page');
    await checkA11y(page);
  });

  test('explains an unknown publisher', async ({ page }) => {
    await page.goto('/publishers/no-such-publisher');
    await expect(page.getByRole('heading', { name: 'Publisher not found' })).toBeVisible();
  });

  test('fits 360 px and reads right to left in Arabic', async ({ page, checkA11y }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto(`/publishers/${unclaimed}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: 'التالي' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y(page);
  });
});
