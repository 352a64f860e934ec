import { randomBytes } from 'node:crypto';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  FLAGGED_SOURCE,
  packArchive,
  publisherWithToken,
  publishFlaggedVersion,
  publishWithToken,
} from '../support/publishing';
import type { E2EState } from '../support/state';

/** A fresh publisher (owned by the seeded non-admin user) and a pack id nobody else uses. */
async function freshPack(registry: E2EState, label: string) {
  const suffix = randomBytes(4).toString('hex');
  const publisher = await publisherWithToken(registry, registry.users.user, `e2e-mod-${label}-${suffix}`);
  return { publisher, nodeId: `mod-${label}-${suffix}` };
}

/** The review queue filtered to one pack, through the filter form. */
async function openQueueFor(page: Page, nodeId: string) {
  await page.goto('/admin/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await page.getByLabel('Pack id').fill(nodeId);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(`/admin/review?pack=${nodeId}`);
}

test.describe('admin review', () => {
  test('a flagged upload waits with its findings; approve → Live on the pack page; undo; earlier approvals are marked', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    const { publisher, nodeId } = await freshPack(registry, 'approve');
    expect(await publishFlaggedVersion(registry, publisher, nodeId, '1.0.0')).toBe('NodeVersionStatusFlagged');

    await signInAs(page, registry.users.admin);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const flaggedCard = page.getByRole('link', { name: /Flagged versions$/ });
    await expect(flaggedCard).toHaveAttribute('href', '/admin/review?status=flagged');
    await expect(flaggedCard).not.toHaveText(/^0/);
    await expect(page.getByRole('link', { name: /Pending versions$/ })).toHaveAttribute(
      'href',
      '/admin/review?status=pending',
    );
    await expect(page.getByRole('link', { name: /Banned packs$/ })).toHaveAttribute(
      'href',
      '/admin/nodes?status=NodeStatusBanned',
    );
    await expect(page.getByRole('link', { name: /New packs this week$/ })).toHaveAttribute('href', '/?sort=newest');
    const nav = page.getByRole('navigation', { name: 'Admin screens' });
    for (const href of ['/admin/review', '/admin/nodes', '/admin/publishers', '/admin/users', '/admin/audit']) {
      await expect(nav.locator(`a[href="${href}"]`)).toBeVisible();
    }
    await saveScreenshot(page, 'admin-dashboard');
    await checkA11y(page);

    await flaggedCard.click();
    await expect(page).toHaveURL('/admin/review?status=flagged');
    await expect(page.getByRole('checkbox', { name: 'Flagged', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Pending', exact: true })).not.toBeChecked();

    await openQueueFor(page, nodeId);
    const card = page.getByRole('article', { name: `${nodeId}@1.0.0` });
    await expect(card).toBeVisible();
    await expect(page.getByText('1 version', { exact: true })).toBeVisible();
    await expect(card.getByText('Flagged', { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { level: 4, name: 'loader/evil.py' })).toBeVisible();
    await expect(card.getByRole('link', { name: /^Line 3/ })).toHaveAttribute(
      'href',
      `https://github.com/e2e-owner/${nodeId}/blob/HEAD/loader/evil.py#L3`,
    );
    await expect(card.locator('pre code')).toContainText('exec(base64.b64decode("cHJpbnQoMSk="))');
    await expect(card.getByText('New since the last approved version', { exact: true })).toBeVisible();
    await expect(card.getByTestId('finding-grade')).toHaveText('Holds for review');
    await card.getByRole('button', { name: /Status history/ }).click();
    await expect(card.getByText(/Flagged with 1 finding/)).toBeVisible();
    await saveScreenshot(page, 'admin-review');
    await checkA11y(page);

    // Approve with a reason: the version leaves the queue and is Live on the public page.
    await card.getByRole('button', { name: /^Approve/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 1 version' });
    await dialog.getByLabel('Reason').fill('Reviewed: the payload only prints 1');
    await saveScreenshot(page, 'admin-review-dialog');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('1 version approved')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('Nothing to review with these filters.')).toBeVisible();

    // Undo from "Decided just now" brings it back as Flagged; approve again.
    const decided = page.getByRole('region', { name: 'Decided just now' });
    await decided.getByRole('button', { name: /Undo last change/ }).click();
    await expect(page.getByText(`${nodeId}@1.0.0 is back to Flagged`)).toBeVisible();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: /^Approve/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(card).toHaveCount(0);

    await page.goto(`/nodes/${nodeId}`);
    const versions = page.getByRole('region', { name: 'Version history' });
    await expect(
      versions.getByRole('listitem').filter({ hasText: '1.0.0' }).getByText('Live', { exact: true }),
    ).toBeVisible();

    // The next version with only the finding an admin cleared on 1.0.0 is not held: it goes Live.
    expect(await publishFlaggedVersion(registry, publisher, nodeId, '1.0.1')).toBe('NodeVersionStatusActive');
    await openQueueFor(page, nodeId);
    await expect(page.getByText('Nothing to review with these filters.')).toBeVisible();

    // A version with that finding plus a new one waits; only the new one is marked new.
    const pack = {
      publisherId: publisher.id,
      nodeId,
      version: '1.0.2',
      name: `Moderation ${nodeId}`,
      repository: `https://github.com/e2e-owner/${nodeId}`,
    };
    const anon = await playwrightRequest.newContext();
    try {
      const { status } = await publishWithToken(anon, registry, {
        ...pack,
        accessToken: publisher.token,
        zip: packArchive({
          ...pack,
          extra: {
            'loader/evil.py': 'import base64\n\nexec(base64.b64decode("cHJpbnQoMSk="))\n',
            'loader/other.py': FLAGGED_SOURCE,
          },
        }),
        member: publisher.api,
      });
      expect(status).toBe('NodeVersionStatusFlagged');
    } finally {
      await anon.dispose();
    }
    await openQueueFor(page, nodeId);
    const next = page.getByRole('article', { name: `${nodeId}@1.0.2` });
    await expect(next.getByText('Approved in an earlier version')).toHaveCount(1);
    await expect(next.getByText('New since the last approved version', { exact: true })).toHaveCount(1);
    await expect(next.getByText('All findings approved before')).toHaveCount(0);
  });

  test('batch-rejects two versions chosen with the keyboard and shift-click', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    const { publisher, nodeId } = await freshPack(registry, 'batch');
    for (const version of ['1.0.0', '1.0.1', '1.0.2']) {
      expect(await publishFlaggedVersion(registry, publisher, nodeId, version)).toBe('NodeVersionStatusFlagged');
    }
    await signInAs(page, registry.users.admin);
    await openQueueFor(page, nodeId);
    const boxes = page.getByRole('checkbox', { name: /^Select mod-batch-/ });
    await expect(boxes).toHaveCount(3);
    // Oldest first.
    await expect(page.getByRole('article')).toHaveText([/@1\.0\.0/, /@1\.0\.1/, /@1\.0\.2/]);

    // Space ticks, shift+arrow extends, arrows move without changing the selection.
    await boxes.nth(0).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(boxes.nth(1)).toBeFocused();
    const bar = page.getByRole('region', { name: 'Batch actions' });
    await expect(bar).toContainText('2 versions selected');
    await page.keyboard.press('ArrowDown');
    await expect(boxes.nth(2)).toBeFocused();
    await expect(boxes.nth(2)).not.toBeChecked();
    // Shift-click from the anchor (the first) ticks the range; Space then unticks the last.
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    await expect(bar).toContainText('3 versions selected');
    await boxes.nth(2).focus();
    await page.keyboard.press('Space');
    await expect(bar).toContainText('2 versions selected');
    await saveScreenshot(page, 'admin-review-batch');
    await checkA11y(page);

    await bar.getByRole('button', { name: 'Reject selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject 2 versions' });
    await expect(dialog).toContainText(`${nodeId}@1.0.0`);
    await expect(dialog).toContainText(`${nodeId}@1.0.1`);
    await dialog.getByLabel('Reason').fill('Obfuscated payloads');
    await dialog.getByRole('button', { name: 'Reject 2' }).click();
    await expect(page.getByText('2 versions rejected')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: `${nodeId}@1.0.2` })).toBeVisible();
    await expect(bar).toHaveCount(0);

    // The rejected ones are listed under Rejected, with the reason in their history.
    await page.goto(`/admin/review?status=banned&pack=${nodeId}`);
    await expect(page.getByRole('article')).toHaveCount(2);
    const rejected = page.getByRole('article', { name: `${nodeId}@1.0.0` });
    await expect(rejected.getByText('Rejected', { exact: true })).toBeVisible();
    await rejected.getByRole('button', { name: /Status history/ }).click();
    await expect(rejected.getByText('Obfuscated payloads', { exact: true })).toBeVisible();
    await expect(rejected.getByText(registry.users.admin.email)).toBeVisible();
  });

  test('a signed-in non-admin gets the translated 403 page', async ({ page, registry, signInAs, checkA11y }) => {
    await signInAs(page, registry.users.user);
    await page.goto('/admin/review');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await checkA11y(page);
    await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'fr'));
    await page.goto('/admin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  });

  test('signed-out visitors go to login and come back to the queue', async ({ page, registry }) => {
    await page.goto('/admin/review?status=flagged');
    await expect(page).toHaveURL(`/auth/login?fromUrl=${encodeURIComponent('/admin/review?status=flagged')}`);
    await page.getByLabel('E-mail address').fill(registry.users.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(registry.users.admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/admin/review?status=flagged');
    await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  });

  test('fits 360 px and reads right to left in Arabic, in the dark theme', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(240_000);
    const { publisher, nodeId } = await freshPack(registry, 'rtl');
    await publishFlaggedVersion(registry, publisher, nodeId, '1.0.0');
    await signInAs(page, registry.users.admin);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => {
      localStorage.setItem('comfy-registry-language', 'ar');
      localStorage.setItem('comfy-registry-theme', 'dark');
    });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await page.goto('/admin');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1, name: 'لوحة الإدارة' })).toBeVisible();
    await expect(page.getByRole('link', { name: /نسخ مُعلَّمة/ })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'admin-dashboard-rtl');
    await checkA11y(page);

    await page.goto(`/admin/review?pack=${nodeId}`);
    const card = page.getByRole('article', { name: `${nodeId}@1.0.0` });
    await expect(card.getByRole('link', { name: /السطر 3/ })).toBeVisible();
    await card.getByRole('checkbox').check();
    await expect(page.getByRole('region', { name: 'إجراءات جماعية' })).toContainText('حُدِّدت نسخة واحدة');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'admin-review-rtl');
    await checkA11y(page);
  });
});
