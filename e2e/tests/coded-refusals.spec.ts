import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  apiAs,
  createAccessToken,
  createPublisher,
  packFiles,
  publisherWithToken,
  publishFlaggedVersion,
  publishWithToken,
  signUpUser,
  uniqueSuffix,
  zipArchive,
} from '../support/publishing';

// Publishing, claim and scanner reasons carry codes; a French reader sees them in French, once,
// never a client sentence next to the server's English one.

/** Switches the page's browser to French, as the language switcher stores it. */
async function readInFrench(page: Page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'fr'));
}

/** An archive of a pack whose pyproject.toml is left out. */
function archiveWithoutPyproject(publisherId: string, nodeId: string): Buffer {
  const { 'pyproject.toml': _, ...rest } = packFiles({ publisherId, nodeId, version: '1.1.0' });
  return zipArchive(rest);
}

/** Sends `zip` with the upload panel's file picker and submit button, in whatever language. */
async function uploadInPanel(page: Page, zip: Buffer) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: zip });
  await page
    .locator('form')
    .filter({ has: page.locator('input[type="file"]') })
    .locator('button[type="submit"]')
    .click();
}

const NO_PYPROJECT_FR = 'L’archive ne contient pas de pyproject.toml à sa racine.';

test('a refused browser upload is said once in the reader’s language', async ({
  page,
  registry,
  saveThemedScreenshots,
}) => {
  test.setTimeout(300_000);
  const suffix = uniqueSuffix();
  const publisherId = `codes-${suffix}`;
  const nodeId = `codes-pack-${suffix}`;
  const user = await signUpUser(page.request, registry, 'codesowner');
  await createPublisher(page.request, registry, user, publisherId);
  const accessToken = await createAccessToken(page.request, registry, user, publisherId);
  expect(
    (await publishWithToken(page.request, registry, { publisherId, nodeId, version: '1.0.0', accessToken })).status,
  ).toBe('NodeVersionStatusActive');

  await readInFrench(page);
  await page.goto(`/nodes/${nodeId}/manage`);
  await uploadInPanel(page, archiveWithoutPyproject(publisherId, nodeId));
  const alert = page.getByRole('alert').filter({ hasText: NO_PYPROJECT_FR });
  await expect(alert).toBeVisible();
  // Said once in the panel: no client sentence beside it, no English message or detail.
  await expect(alert).toHaveText(NO_PYPROJECT_FR);
  await expect(page.getByText(/cannot be published|pyproject\.toml is missing|could not be published/)).toHaveCount(0);
  // Nothing was created.
  const versions = await page.request.get(`${registry.apiUrl}/nodes/${nodeId}/versions`);
  expect(((await versions.json()) as unknown[]).length).toBe(1);

  await saveThemedScreenshots(page, 'codes-publish-refused', `/nodes/${nodeId}/manage`, async (shot) => {
    await uploadInPanel(shot, archiveWithoutPyproject(publisherId, nodeId));
    // Light and dark keep the reader's language (its cookie), the third shot is in Arabic: the refusal in each.
    await expect(
      shot.getByRole('alert').filter({
        hasText:
          /has no pyproject\.toml at its top level|ne contient pas de pyproject\.toml|لا يحتوي الأرشيف على ملف pyproject\.toml/,
      }),
    ).toBeVisible();
    await expect(shot.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  });
});

test('a refused claim request is said in the reader’s language', async ({ page, registry }) => {
  test.setTimeout(240_000);
  const suffix = uniqueSuffix();
  const nodeId = `codes-claim-${suffix}`;
  const admin = await apiAs(registry, registry.users.admin);
  // A repository on a host this registry cannot read files from: the claim cannot be proven.
  const repository = `https://code.example.org/codes/${nodeId}`;
  const created = await admin.post(`${registry.apiUrl}/admin/nodes`, {
    data: { id: nodeId, name: `Codes Claimable ${suffix}`, repository },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = await signUpUser(page.request, registry, 'codesclaimer');
  const publisherId = `codes-cl-${suffix}`;
  await createPublisher(page.request, registry, user, publisherId);

  await readInFrench(page);
  await page.goto(`/nodes/${nodeId}/claim`);
  await page.getByLabel('Pourquoi ce pack est-il à vous ?').fill('C’est moi.');
  await page.getByRole('button', { name: 'Envoyer la demande' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'La demande n’a pas pu être envoyée.' });
  await expect(alert).toContainText(
    `Ce registre ne peut pas lire les fichiers du dépôt de ce pack (${repository}) : la revendication ne peut pas être prouvée ; demandez à un administrateur de le transférer.`,
  );
  await expect(alert).not.toContainText('This registry cannot read');
});

test('an admin reads a scanner finding in their language in the review queue', async ({
  page,
  registry,
  signInAs,
  saveThemedScreenshots,
}) => {
  test.setTimeout(300_000);
  const suffix = uniqueSuffix();
  const publisher = await publisherWithToken(registry, registry.users.user, `codes-mod-${suffix}`);
  const nodeId = `codes-flag-${suffix}`;
  expect(await publishFlaggedVersion(registry, publisher, nodeId, '1.0.0')).toBe('NodeVersionStatusFlagged');

  await signInAs(page, registry.users.admin);
  await readInFrench(page);
  await page.goto(`/admin/review?pack=${nodeId}`);
  const card = page.getByRole('article', { name: `${nodeId}@1.0.0` });
  await expect(card.getByTestId('finding-text')).toHaveText(
    'Exécute du code encodé ou compilé illisible, un moyen courant de cacher un logiciel malveillant.',
  );
  await expect(card.getByTestId('finding-text')).not.toHaveAttribute('lang', 'en');
  await expect(card.getByText(/encoded payloads|hide malware/)).toHaveCount(0);
  // What was found, as found.
  await expect(card.locator('pre code')).toContainText('exec(base64.b64decode("cHJpbnQoMSk="))');

  await saveThemedScreenshots(page, 'codes-findings', `/admin/review?pack=${nodeId}`, async (shot) => {
    await expect(shot.getByTestId('finding-text').first()).toBeVisible();
  });
});

test('a rejected archive’s reason is said in French on the publisher’s version list', async ({
  page,
  registry,
  saveThemedScreenshots,
}) => {
  test.setTimeout(300_000);
  const suffix = uniqueSuffix();
  const publisherId = `codes-rej-${suffix}`;
  const nodeId = `codes-rejected-${suffix}`;
  const user = await signUpUser(page.request, registry, 'codesrejected');
  await createPublisher(page.request, registry, user, publisherId);
  const accessToken = await createAccessToken(page.request, registry, user, publisherId);
  expect(
    (await publishWithToken(page.request, registry, { publisherId, nodeId, version: '1.0.0', accessToken })).status,
  ).toBe('NodeVersionStatusActive');
  // comfy-cli publishes 1.1.0, but the archive's pyproject.toml still says 2.0.0: processing rejects it.
  const zip = zipArchive(packFiles({ publisherId, nodeId, version: '2.0.0' }));
  const rejected = await publishWithToken(page.request, registry, {
    publisherId,
    nodeId,
    version: '1.1.0',
    accessToken,
    zip,
    member: await apiAs(registry, user),
  });
  expect(rejected.status).toBe('NodeVersionStatusDeleted');

  await readInFrench(page);
  await page.goto(`/nodes/${nodeId}/manage`);
  const row = page.getByTestId('version-1.1.0');
  await expect(row).toContainText(
    'Motif : Archive refusée : pyproject.toml indique la version « 2.0.0 », mais vous publiez la version « 1.1.0 ».',
  );
  // Said once, in French: not the analyser's English, and the rejected version cannot be deprecated or deleted.
  await expect(row).not.toContainText('is being published');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('version-1.0.0')).toBeVisible();

  await saveThemedScreenshots(page, 'codes-archive-rejected', `/nodes/${nodeId}/manage`, async (shot) => {
    await expect(shot.getByTestId('version-1.1.0')).toContainText(/2\.0\.0/);
  });
});
