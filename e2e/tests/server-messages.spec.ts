import { expect, test } from '../support/fixtures';
import {
  createAccessToken,
  createPublisher,
  packArchive,
  publishWithToken,
  signUpUser,
  uniqueSuffix,
} from '../support/publishing';

test.describe('server messages in the reader’s language', () => {
  test('a refused upload is said once, in French, with the names the server gave', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const suffix = uniqueSuffix();
    const publisherId = `msg-${suffix}`;
    const nodeId = `e2e-msg-${suffix}`;
    const user = await signUpUser(page.request, registry, 'messages');
    await createPublisher(page.request, registry, user, publisherId);
    const accessToken = await createAccessToken(page.request, registry, user, publisherId);
    await publishWithToken(page.request, registry, { publisherId, nodeId, version: '1.0.0', accessToken });

    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'fr'));
    await page.goto(`/nodes/${nodeId}/manage`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'other.zip',
      mimeType: 'application/zip',
      buffer: packArchive({ nodeId: 'someone-else', version: '2.0.0', publisherId }),
    });
    await page.getByRole('button', { name: 'Téléverser et publier' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'someone-else' });
    await expect(alert).toHaveText(
      `Le pyproject.toml nomme le pack « someone-else », mais vous publiez « ${nodeId} ».`,
    );
    // Not the server's English sentence beside it.
    await expect(page.getByText('The archive is for another node')).toHaveCount(0);
    await expect(page.getByText('it is being published as')).toHaveCount(0);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-c-upload-refused', `/nodes/${nodeId}/manage`, async (shot) => {
      await expect(shot.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});
