import { expect, test } from '../support/fixtures';
import {
  apiAs,
  createAccessToken,
  createPublisher,
  publishWithToken,
  signUpUser,
  uniqueSuffix,
} from '../support/publishing';
import { readState } from '../support/state';

/**
 * A pack whose newest version was rejected and whose latest live version is deprecated: the
 * version picker opens on the installable one, each status is said in words, the deprecation
 * badges one version (not the pack), and the install block warns before installing it.
 */
test.describe('version statuses on the pack page', () => {
  test.describe.configure({ mode: 'serial' });
  const suffix = uniqueSuffix();
  const publisherId = `e2e-vstat-${suffix}`;
  const nodeId = `e2e-vstat-pack-${suffix}`;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    const registry = readState();
    const context = await browser.newContext();
    const request = context.request;
    const owner = await signUpUser(request, registry, 'vstatowner');
    await createPublisher(request, registry, owner, publisherId);
    const accessToken = await createAccessToken(request, registry, owner, publisherId);
    const ids: Record<string, string> = {};
    for (const version of ['1.0.0', '1.1.0', '2.0.0']) {
      const published = await publishWithToken(request, registry, {
        publisherId,
        nodeId,
        version,
        accessToken,
        changelog: `Release ${version}.`,
      });
      expect(published.status).toBe('NodeVersionStatusActive');
      ids[version] = published.versionId;
    }
    const deprecate = await request.put(
      `${registry.apiUrl}/publishers/${publisherId}/nodes/${nodeId}/versions/${ids['1.1.0']}`,
      { data: { deprecated: true }, headers: { authorization: `Bearer ${owner.token}` } },
    );
    expect(deprecate.ok(), await deprecate.text()).toBe(true);
    const admin = await apiAs(registry, registry.users.admin);
    const reject = await admin.put(`${registry.apiUrl}/admin/nodes/${nodeId}/versions/2.0.0`, {
      data: { status: 'NodeVersionStatusBanned', status_reason: 'Downloads a binary at start-up.' },
    });
    expect(reject.ok(), await reject.text()).toBe(true);
    await admin.dispose();
    await context.close();
  });

  test('open on the installable version, explain each status and warn before a deprecated install', async ({
    page,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    await page.goto(`/nodes/${nodeId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The pack itself carries no "Deprecated" badge: only one version is.
    await expect(page.locator('header').getByText('Deprecated', { exact: true })).toHaveCount(0);

    // The install block installs 1.1.0 and says it is deprecated.
    const install = page.getByRole('region', { name: 'Install' });
    await expect(install.getByText(`comfy node install ${nodeId}`, { exact: true })).toBeVisible();
    await expect(
      install.getByRole('status').filter({ hasText: 'The version these commands install, 1.1.0, is deprecated' }),
    ).toBeVisible();

    // The picker opens on 1.1.0, not on the rejected 2.0.0, and explains it.
    const versions = page.getByRole('region', { name: 'Version history' });
    await expect(versions.getByRole('combobox', { name: 'Version' })).toHaveValue('1.1.0');
    await expect(versions.getByText(`comfy node install ${nodeId}@1.1.0`, { exact: true })).toBeVisible();
    await expect(
      versions.getByRole('status').filter({ hasText: 'Version 1.1.0 is deprecated by its publisher' }),
    ).toBeVisible();

    // Each status in the history is said in words; the deprecation badges 1.1.0 alone.
    const items = versions.getByRole('listitem');
    const rejected = items.filter({ hasText: 'Release 2.0.0.' });
    await expect(rejected.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(rejected.getByText('Rejected: the registry administrators refused this version.')).toBeVisible();
    const deprecated = items.filter({ hasText: 'Release 1.1.0.' });
    await expect(deprecated.getByText('Deprecated', { exact: true })).toBeVisible();
    await expect(deprecated.getByText(/^Deprecated: the publisher advises against this version/)).toBeVisible();
    const live = items.filter({ hasText: 'Release 1.0.0.' });
    await expect(live.getByText('Live', { exact: true })).toBeVisible();
    await expect(live.getByText('Deprecated', { exact: true })).toHaveCount(0);

    // Choosing the rejected version shows why, and offers no install command.
    await versions.getByRole('combobox', { name: 'Version' }).selectOption('2.0.0');
    await expect(versions.getByText('Review note: Downloads a binary at start-up.')).toBeVisible();
    await expect(versions.getByText('This version cannot be downloaded or installed.')).toBeVisible();
    await expect(versions.getByText(`comfy node install ${nodeId}@2.0.0`, { exact: true })).toHaveCount(0);
    await checkA11y(page);

    await saveThemedScreenshots(page, 'version-statuses', `/nodes/${nodeId}`, async (shot) => {
      await expect(shot.getByTestId('version-status-help').first()).toBeVisible();
      await shot.locator('#versions-title').scrollIntoViewIfNeeded();
    });
  });
});
