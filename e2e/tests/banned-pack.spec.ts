import { expect, test } from '../support/fixtures';
import { apiAs, publisherWithToken, publishWithToken, uniqueSuffix } from '../support/publishing';

test.describe('a banned pack', () => {
  test('its page says so from the first answer, without asking again', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const suffix = uniqueSuffix();
    const publisher = await publisherWithToken(registry, registry.users.user, `ban-${suffix}`);
    const nodeId = `e2e-banned-${suffix}`;
    await publishWithToken(page.request, registry, {
      publisherId: publisher.id,
      nodeId,
      version: '1.0.0',
      accessToken: publisher.token,
    });
    const admin = await apiAs(registry, registry.users.admin);
    const banned = await admin.post(`${registry.apiUrl}/publishers/${publisher.id}/nodes/${nodeId}/ban`, {
      data: { reason: 'e2e: final answers' },
    });
    expect(banned.status(), await banned.text()).toBe(204);

    const asked: number[] = [];
    page.on('response', (response) => {
      // The API's answers only (the page itself has the same path on the web listener).
      if (response.url().startsWith(`${registry.apiUrl}/nodes/${nodeId}`)) asked.push(response.status());
    });
    await page.goto(`/nodes/${nodeId}`);
    await expect(
      page.getByText('This pack was banned by the registry administrators and cannot be installed from the registry.'),
    ).toBeVisible();
    // Retries would come within a few seconds: there are none.
    await page.waitForTimeout(4000);
    expect(asked).toEqual([403]);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-c-banned-pack', `/nodes/${nodeId}`, async (shot) => {
      await expect(shot.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});
