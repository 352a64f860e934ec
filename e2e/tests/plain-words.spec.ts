import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiAs, createAccessToken, publishWithToken, signUpUser, uniqueSuffix } from '../support/publishing';

/**
 * What the registry stores for machines is said in words on screen: an older scanner's findings
 * in the review queue, a publisher's Markdown description, compatibility classifiers in the
 * reader's language, and every date in one style.
 */
test.describe('stored data in words', () => {
  test('review reasons, publisher Markdown, classifiers and dates', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const suffix = uniqueSuffix();
    const publisherId = `e2e-words-${suffix}`;
    const nodeId = `e2e-words-pack-${suffix}`;
    // The owner works from a context of its own: the page is the admin's alone.
    const ownerApi = await playwrightRequest.newContext();
    const owner = await signUpUser(ownerApi, registry, 'wordsowner');
    const created = await ownerApi.post(`${registry.apiUrl}/publishers`, {
      data: {
        id: publisherId,
        name: 'Words Publisher',
        description: 'We make **upscalers**.\n\n- fast\n- [our site](https://example.com/site)',
      },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const accessToken = await createAccessToken(ownerApi, registry, owner, publisherId);
    await publishWithToken(ownerApi, registry, { publisherId, nodeId, version: '1.0.0', accessToken });
    await ownerApi.dispose();

    const admin = await apiAs(registry, registry.users.admin);
    const compat = await admin.put(`${registry.apiUrl}/admin/nodes/${nodeId}/versions/1.0.0`, {
      data: { supported_os: ['OS Independent'], supported_accelerators: ['GPU :: NVIDIA CUDA', 'CPU'] },
    });
    expect(compat.ok(), await compat.text()).toBe(true);
    // A reason in the shape an older scanner stored: the queue reads its places, not its JSON.
    const flag = await admin.put(`${registry.apiUrl}/admin/nodes/${nodeId}/versions/1.0.0`, {
      data: {
        status: 'NodeVersionStatusFlagged',
        status_reason: '[{"rule":"exec-call","file":"nodes/run.py","line":12}]',
      },
    });
    expect(flag.ok(), await flag.text()).toBe(true);
    await admin.dispose();

    await signInAs(page, registry.users.admin);

    // The publisher's description is Markdown, rendered and sanitised.
    await page.goto(`/publishers/${publisherId}`);
    await expect(page.locator('strong', { hasText: 'upscalers' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'our site' })).toHaveAttribute('href', 'https://example.com/site');
    await expect(page.getByText('**upscalers**')).toHaveCount(0);

    // Classifiers in words, in English and in French.
    await page.goto(`/nodes/${nodeId}?version=1.0.0`);
    const versions = page.getByRole('region', { name: 'Version history' });
    await expect(versions.getByText('Any operating system', { exact: true })).toBeVisible();
    await expect(versions.getByText('NVIDIA GPU (CUDA), CPU only', { exact: true })).toBeVisible();
    await expect(page.getByText('GPU :: NVIDIA CUDA')).toHaveCount(0);
    await expect(page.getByText('OS Independent')).toHaveCount(0);

    // The review queue says where the older findings point instead of showing their JSON.
    await page.goto(`/admin/review?pack=${nodeId}`);
    const card = page.getByRole('article', { name: `${nodeId}@1.0.0` });
    await expect(card.getByText('Flagged with 1 finding in nodes/run.py:12')).toBeVisible();
    await expect(card).not.toContainText('"rule"');
    await checkA11y(page);

    // The audit log writes its dates like every other screen: the month by name.
    await page.goto('/admin/audit?action=node_version.update');
    const when = page
      .getByRole('listitem', { name: `Version status changed ${nodeId}@1.0.0` })
      .locator('time')
      .first();
    await expect(when).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/);

    await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'fr'));
    await page.goto(`/nodes/${nodeId}?version=1.0.0`);
    await expect(page.getByText('Tout système d’exploitation').first()).toBeVisible();
    await expect(page.getByText('GPU NVIDIA (CUDA), CPU uniquement').first()).toBeVisible();

    await saveThemedScreenshots(page, 'plain-words-publisher', `/publishers/${publisherId}`, async (shot) => {
      await expect(shot.locator('strong', { hasText: 'upscalers' })).toBeVisible();
    });
  });
});
