import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createPublisher, signUpUser, uniqueSuffix } from '../support/publishing';

/** Toasts fade on their own; screenshots and the accessibility pass wait for them to go. */
async function toastsGone(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

test.describe('trusted publishers on the publisher page', () => {
  test('an owner adds one after the form points out mistakes, sees it listed, and deletes it after confirming', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const publisherId = `tp-${uniqueSuffix()}`;
    const owner = await signUpUser(page.request, registry, 'trusted-owner');
    await createPublisher(page.request, registry, owner, publisherId);
    const listed = async () =>
      (await (
        await page.request.get(`${registry.apiUrl}/publishers/${publisherId}/trusted-publishers`, {
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).json()) as {
        repository: string;
        workflow: string;
        environment: string;
      }[];

    await page.goto(`/publishers/${publisherId}/manage#trusted-publishers`);
    const section = page.locator('#trusted-publishers');
    await expect(section.getByText('No trusted publishers yet.')).toBeVisible();

    // Mistakes are named field by field and nothing is sent.
    const repository = section.getByRole('textbox', { name: 'Repository' });
    const workflow = section.getByRole('textbox', { name: 'Workflow file' });
    await repository.fill('acme');
    await workflow.fill('publish.txt');
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(section.getByText('Enter the repository as owner/name')).toBeVisible();
    await expect(section.getByText('Enter a .yml or .yaml file')).toBeVisible();
    await expect(repository).toHaveAttribute('aria-invalid', 'true');
    expect(await listed()).toEqual([]);

    // A pasted GitHub address is taken as owner/name; the bare file name lives in .github/workflows/.
    await repository.fill('https://github.com/Acme/ComfyUI-Hello');
    await workflow.fill('publish.yml');
    await section.getByRole('textbox', { name: 'Environment (optional)' }).fill('release');
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    const entries = section.getByRole('list', { name: 'Trusted publishers' });
    const entry = entries.getByRole('listitem').filter({ hasText: 'acme/comfyui-hello' });
    await expect(entry.getByText('.github/workflows/publish.yml')).toBeVisible();
    await expect(entry.getByText('release', { exact: true })).toBeVisible();
    await expect(entry.getByText(/GitHub Actions · added/)).toBeVisible();
    await expect(repository).toHaveValue('');
    expect(await listed()).toEqual([
      expect.objectContaining({
        repository: 'acme/comfyui-hello',
        workflow: '.github/workflows/publish.yml',
        environment: 'release',
      }),
    ]);
    await toastsGone(page);
    await checkA11y(page);
    await saveThemedScreenshots(
      page,
      'web-trusted-publishers',
      `/publishers/${publisherId}/manage#trusted-publishers`,
      async (shot) => {
        await expect(shot.locator('#trusted-publishers li')).toHaveCount(1);
      },
    );

    // Deleting asks first; afterwards focus lands on the section's heading and the list is empty.
    await entry
      .getByRole('button', { name: 'Delete trusted publisher acme/comfyui-hello (.github/workflows/publish.yml)' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete this trusted publisher?' });
    await expect(confirm).toContainText('Runs of .github/workflows/publish.yml in acme/comfyui-hello');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(section.getByText('No trusted publishers yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Trusted publishers' })).toBeFocused();
    expect(await listed()).toEqual([]);
  });
});
