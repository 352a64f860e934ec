import { expect, test } from '../support/fixtures';
import { createAccessToken, createPublisher, publishWithToken, signUpUser, uniqueSuffix } from '../support/publishing';

// What publishers and the ComfyUI-Manager catalogue write: emphasis, code and `[a/Name](url)` links.
const MARKDOWN = 'A **bold** helper for `faces` by [a/Impact Pack](https://github.com/ltdrdata/ComfyUI-Impact-Pack)';
const TEXT = 'A bold helper for faces by Impact Pack';

test.describe('descriptions on cards and lists', () => {
  test('search cards, the publisher page and Your Nodes show the text, never the Markdown', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const suffix = uniqueSuffix();
    const publisherId = `md-${suffix}`;
    const nodeId = `e2e-markdown-${suffix}`;
    const user = await signUpUser(page.request, registry, 'markdown');
    await createPublisher(page.request, registry, user, publisherId);
    const accessToken = await createAccessToken(page.request, registry, user, publisherId);
    await publishWithToken(page.request, registry, {
      publisherId,
      nodeId,
      version: '1.0.0',
      accessToken,
      description: MARKDOWN,
    });

    // Search: the match is still marked, on the same words.
    await page.goto(`/?q=${nodeId}`);
    const card = page.getByRole('listitem').filter({ hasText: `${nodeId} display` });
    await expect(card.getByText(TEXT)).toBeVisible({ timeout: 15_000 });
    await expect(card).not.toContainText('**');
    await expect(card).not.toContainText('a/Impact');
    await page.goto(`/?q=${encodeURIComponent(`${nodeId} impact`)}`);
    await expect(card.locator('mark', { hasText: /^Impact$/ })).toBeVisible({ timeout: 15_000 });
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-c-markdown-search', `/?q=${nodeId}`, async (shot) => {
      await expect(shot.getByText(TEXT)).toBeVisible({ timeout: 15_000 });
    });

    await page.goto(`/publishers/${publisherId}`);
    await expect(page.getByRole('listitem').filter({ hasText: TEXT })).toBeVisible();
    await expect(page.getByText(MARKDOWN)).toHaveCount(0);

    await page.goto('/nodes');
    await expect(page.getByRole('listitem').filter({ hasText: TEXT })).toBeVisible();
    await expect(page.getByText('**bold**')).toHaveCount(0);

    // The pack page renders the Markdown: a link named without the catalogue's a/ marker.
    await page.goto(`/nodes/${nodeId}`);
    await expect(page.getByRole('link', { name: 'Impact Pack', exact: true })).toHaveAttribute(
      'href',
      'https://github.com/ltdrdata/ComfyUI-Impact-Pack',
    );
  });
});
