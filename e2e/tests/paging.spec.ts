import { expect, test } from '../support/fixtures';

test.describe('paging search results', () => {
  test('Next starts the new page at its top, a page can be typed, and a page past the end offers the last', async ({
    page,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/?sort=downloads');
    const pager = page.getByRole('navigation', { name: 'Result pages' });
    await expect(pager).toBeVisible({ timeout: 15_000 });
    const total = Number((await pager.getByText(/^Page 1 of \d+$/).textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(2);

    await pager.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await pager.getByLabel('Go to page').fill(String(total));
    await pager.getByLabel('Go to page').press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]page=${total}`));
    await expect(pager.getByText(`Page ${total} of ${total}`)).toBeVisible();

    const pastEnd = `/?sort=downloads&page=${total + 50}`;
    await page.goto(pastEnd);
    await expect(page.getByText(`Page ${total + 50} does not exist; there are ${total}.`)).toBeVisible();
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-c-paging-past-end', pastEnd, async (shot) => {
      await expect(shot.getByRole('navigation', { name: /Result pages|صفحات النتائج/ })).toBeVisible({
        timeout: 15_000,
      });
    });
    await page.getByRole('button', { name: `Go to the last page (${total})` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${total}`));
    await expect(page.getByRole('listitem').first()).toBeVisible();
  });
});
