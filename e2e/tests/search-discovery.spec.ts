import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiAs } from '../support/publishing';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search node packs' });
const results = (page: Page) => page.getByRole('region', { name: /Results|Popular packs/ }).getByRole('listitem');
const card = (page: Page, name: string) =>
  page
    .getByRole('region', { name: /Results|Popular packs/ })
    .locator('ul > li')
    .filter({ has: page.getByRole('heading', { name }) });

test.describe('search: core classes, tags and publishers', () => {
  test('a core ComfyUI class searched says it is built in, above the packs that also register it', async ({
    page,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    // Three themed screenshots on a shared, busy machine.
    test.setTimeout(300_000);
    await page.goto('/');
    await searchBox(page).fill('ksampler');
    const notice = page.getByRole('region', { name: 'Built into ComfyUI' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('KSampler ships with ComfyUI itself: you need no pack for it.');
    // Above the first pack of the results.
    await expect(results(page).first()).toBeVisible();
    const noticeBox = await notice.boundingBox();
    const firstCard = await results(page).first().boundingBox();
    expect(noticeBox && firstCard && noticeBox.y + noticeBox.height <= firstCard.y).toBe(true);
    await checkA11y(page);
    await notice.getByRole('link', { name: 'KSampler' }).click();
    await expect(page).toHaveURL(/\/comfy-nodes\/KSampler$/);

    // A pack's own class is no core class: no notice.
    await page.goto('/?q=KSampler%20(Efficient)');
    await expect(card(page, 'Efficiency Nodes for ComfyUI Version 2.0+')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Built into ComfyUI' })).toHaveCount(0);

    await saveThemedScreenshots(page, 'search-core-class', '/?q=KSampler', async (shot) => {
      await expect(shot.getByTestId('core-class-notice')).toBeVisible();
      await expect(shot.locator('ul > li h3').first()).toBeVisible();
    });
  });

  test('tags on cards and pack pages filter the search; the filter shows and can be removed', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    // Three themed screenshots on a shared, busy machine.
    test.setTimeout(300_000);
    const suffix = Date.now().toString(36);
    const api = await apiAs(registry, registry.users.user);
    const publisherId = `tagworks-${suffix}`;
    const created = await api.post(`${registry.apiUrl}/publishers`, {
      data: { id: publisherId, name: `Tagworks Studio ${suffix}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const packName = `Frame Blender ${suffix}`;
    const pack = await api.post(`${registry.apiUrl}/publishers/${publisherId}/nodes`, {
      data: {
        id: `${publisherId}-blender`,
        name: packName,
        description: 'Blends video frames.',
        tags: ['frame-interpolation', 'video'],
      },
    });
    expect(pack.ok(), await pack.text()).toBe(true);
    await api.dispose();

    await page.goto(`/?q=${encodeURIComponent(packName)}`);
    const found = card(page, packName);
    await expect(found.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText([
      '#frame-interpolation',
      '#video',
    ]);
    await saveThemedScreenshots(page, 'search-card-tags', `/?q=${encodeURIComponent(packName)}`, async (shot) => {
      await expect(
        shot
          .locator('ul > li')
          .filter({ hasText: packName })
          .getByRole('link', { name: /frame-interpolation/ }),
      ).toBeVisible();
    });
    await found.getByRole('link', { name: 'Show packs tagged frame-interpolation' }).click();
    await expect(page).toHaveURL(/\/\?tag=frame-interpolation$/);
    await expect(card(page, packName)).toBeVisible();
    await expect(page.getByText('Filters (1)')).toBeVisible();
    const remove = page.getByRole('button', { name: 'Remove filter frame-interpolation' });
    await expect(remove).toBeVisible();
    await checkA11y(page);
    await remove.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Popular packs' })).toBeVisible();

    // The pack page lists the same tags, as the same links.
    await page.goto(`/nodes/${publisherId}-blender`);
    const tags = page.getByRole('list', { name: 'Tags' });
    await expect(tags.getByRole('link')).toHaveText(['#frame-interpolation', '#video']);
    await saveThemedScreenshots(page, 'node-page-tags', `/nodes/${publisherId}-blender`, async (shot) => {
      await expect(shot.getByRole('link', { name: /frame-interpolation/ })).toBeVisible();
    });
    await tags.getByRole('link', { name: 'Show packs tagged video' }).click();
    await expect(page).toHaveURL(/\/\?tag=video$/);
    await expect(card(page, packName)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter video' })).toBeVisible();
  });

  test('the publisher filter suggests publishers by part of their name and keeps the id in the URL', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    // Three themed screenshots on a shared, busy machine.
    test.setTimeout(300_000);
    const suffix = Date.now().toString(36);
    const api = await apiAs(registry, registry.users.user);
    const publisherId = `lumen-${suffix}`;
    const created = await api.post(`${registry.apiUrl}/publishers`, {
      data: { id: publisherId, name: `Lumenworks ${suffix}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const pack = await api.post(`${registry.apiUrl}/publishers/${publisherId}/nodes`, {
      data: { id: `${publisherId}-glow`, name: `Glow Upscaler ${suffix}`, description: 'Upscale with a glow.' },
    });
    expect(pack.ok(), await pack.text()).toBe(true);
    await api.dispose();

    await page.goto('/?q=upscale');
    await page.getByText('Filters', { exact: true }).click();
    // Ticking an OS or accelerator leaves out packs that declare none: the filters say so.
    await expect(
      page.getByText(
        'Packs that declare no operating system or accelerator are left out while one of these boxes is ticked.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Operating system' })).toHaveAccessibleDescription(
      /declare no operating system/,
    );
    const input = page.getByRole('textbox', { name: 'Add a publisher' });
    // The server searches the publishers: the page never downloads the whole list.
    const searched = page.waitForRequest((request) => /\/publishers\?search=MENWOR&limit=\d+$/.test(request.url()));
    await input.fill('MENWOR');
    await searched;
    const suggestions = page.getByRole('list', { name: 'Matching publishers' });
    await expect(suggestions.getByRole('button', { name: new RegExp(`Lumenworks ${suffix}`) })).toBeVisible();
    await expect(suggestions.getByRole('button', { name: new RegExp(`@${publisherId}`) })).toBeVisible();
    await checkA11y(page);
    await suggestions.getByRole('button', { name: new RegExp(`Lumenworks ${suffix}`) }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=upscale&publisher=${publisherId}$`));
    await expect(results(page).getByRole('heading')).toHaveText([`Glow Upscaler ${suffix}`]);
    const chip = page.getByRole('button', { name: `Remove filter Lumenworks ${suffix}` });
    await expect(chip).toBeVisible();
    await expect(input).toHaveValue('');

    await saveThemedScreenshots(page, 'search-publisher-suggestions', '/?q=upscale', async (shot) => {
      await shot.locator('details.group > summary').click();
      await shot.locator('fieldset input[dir="auto"]').first().fill('lumen');
      await expect(shot.locator('fieldset ul button').filter({ hasText: `@${publisherId}` })).toBeVisible();
    });

    await chip.click();
    await expect(page).toHaveURL(/\?q=upscale$/);
  });
});
