import { expect, test } from '../support/fixtures';
import { createPublisher, signUpUser, uniqueSuffix } from '../support/publishing';

// Browser publishing (`/publishers/{id}/publish`) is reachable from Your Nodes, the publisher's
// page, its manage page and the first-pack walkthrough; the walkthrough's comfy-cli command says
// how it reaches this registry.

test.describe('browser publishing is reachable', () => {
  test('Your Nodes, the walkthrough, the publisher page and its manage page link the upload page', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const publisherId = `weba-pub-${uniqueSuffix()}`;
    const name = `Weba Studio ${publisherId.slice(-8)}`;
    const user = await signUpUser(page.request, registry, 'webapublisher');
    await createPublisher(page.request, registry, user, publisherId, name);
    const uploadPage = `/publishers/${publisherId}/publish`;

    await page.goto('/nodes');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Nodes' })).toBeVisible();
    const section = page.getByRole('region', { name });
    await expect(section.getByRole('link', { name: `Publish a pack for ${name} from the browser` })).toHaveAttribute(
      'href',
      uploadPage,
    );
    // The walkthrough of an empty publisher offers the upload beside comfy-cli, and its comfy-cli
    // command is the one that reaches a self-hosted registry.
    await expect(section.getByRole('link', { name: 'Upload a pack in the browser' })).toHaveAttribute(
      'href',
      uploadPage,
    );
    await expect(section.getByText('ENVIRONMENT=dev comfy node publish --token "$COMFY_REGISTRY_TOKEN"')).toBeVisible();
    await expect(section.getByTestId('registry-note')).toContainText(`this registry (${registry.apiUrl})`);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'weba-your-nodes', '/nodes', async (shot) => {
      await expect(shot.getByRole('link', { name: /Upload|ارفع/ }).first()).toBeVisible();
    });

    await section.getByRole('link', { name: 'Upload a pack in the browser' }).click();
    await expect(page).toHaveURL(uploadPage);
    await expect(page.getByRole('heading', { level: 1, name: 'Publish a pack' })).toBeVisible();

    await page.goto(`/publishers/${publisherId}`);
    await expect(page.getByRole('link', { name: 'Publish a pack' })).toHaveAttribute('href', uploadPage);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'weba-publisher-page', `/publishers/${publisherId}`, async (shot) => {
      await expect(shot.locator(`a[href="${uploadPage}"]`)).toBeVisible();
    });

    await page.goto(`/publishers/${publisherId}/manage`);
    await expect(page.getByRole('link', { name: 'Publish a pack' })).toHaveAttribute('href', uploadPage);
    const tokens = page.getByRole('region', { name: 'Publishing tokens' });
    await expect(tokens.getByText('ENVIRONMENT=dev comfy node publish --token <token>')).toBeVisible();
    await expect(tokens.getByTestId('registry-note')).toContainText(registry.apiUrl);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'weba-publisher-manage', `/publishers/${publisherId}/manage`, async (shot) => {
      await expect(shot.locator(`a[href="${uploadPage}"]`)).toBeVisible();
    });
    await page.getByRole('link', { name: 'Publish a pack' }).click();
    await expect(page).toHaveURL(uploadPage);
  });
});
