import { expect, test } from '../support/fixtures';
import { createPublisher, signUpUser, uniqueSuffix } from '../support/publishing';

// The server's refusals carry a code; the web app says them in the reader's language, once.

test('the create-publisher form says why an id is refused in the reader’s language, not the server’s English', async ({
  page,
  registry,
  saveThemedScreenshots,
}) => {
  test.setTimeout(240_000);
  const user = await signUpUser(page.request, registry, 'w22codes');
  const taken = `w22-taken-${uniqueSuffix()}`;
  await createPublisher(page.request, registry, user, taken);
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'fr'));
  await page.goto('/publishers/create');
  const id = page.locator('input[dir="ltr"]').first();
  await id.fill(taken);
  await expect(page.getByText('Cet identifiant d’éditeur est déjà pris.')).toBeVisible();
  await id.fill('admin-tools');
  await expect(page.getByText('Les identifiants « admin » et « admin-… » sont réservés.')).toBeVisible();
  await expect(page.getByText(/already exists|are reserved/)).toHaveCount(0);

  await saveThemedScreenshots(page, 'web22-publisher-id-refused', '/publishers/create', async (shot) => {
    await shot.locator('input[dir="ltr"]').first().fill(taken);
    await expect(shot.getByRole('alert').or(shot.locator('[aria-invalid="true"]')).first()).toBeVisible();
  });
});
