import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { publisherWithToken, publishFlaggedVersion } from '../support/publishing';

test.describe('moderation in words', () => {
  test('findings, the audit log and reasons name versions and statuses as people say them, in their language', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const suffix = randomBytes(4).toString('hex');
    const publisher = await publisherWithToken(registry, registry.users.user, `e2e-words-${suffix}`);
    const nodeId = `words-${suffix}`;
    expect(await publishFlaggedVersion(registry, publisher, nodeId, '1.0.0')).toBe('NodeVersionStatusFlagged');

    await signInAs(page, registry.users.admin);
    await page.goto(`/admin/review?pack=${nodeId}`);
    const card = page.getByRole('article', { name: `${nodeId}@1.0.0` });
    // The finding is named in words, not by the scanner's code.
    await expect(card.getByText('Runs hidden (obfuscated) code').first()).toBeVisible();
    await expect(card.getByText('obfuscated_code_execution')).toHaveCount(0);

    await card.getByRole('button', { name: /^Approve/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 1 version' });
    await dialog.getByLabel('Reason').fill('Checked by hand');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(card).toHaveCount(0);
    await page
      .getByRole('region', { name: 'Decided just now' })
      .getByRole('button', { name: /Undo last change/ })
      .click();
    await expect(page.getByText(`${nodeId}@1.0.0 is back to Flagged`)).toBeVisible();

    // The audit log: the version by its name, the action and statuses by their labels.
    await page.goto('/admin/audit?action=node_version.update');
    const update = page.getByRole('listitem', { name: `Version status changed ${nodeId}@1.0.0` });
    await expect(update).toBeVisible();
    await expect(update.getByRole('link', { name: `${nodeId}@1.0.0` })).toHaveAttribute(
      'href',
      `/admin/nodes/${nodeId}`,
    );
    const status = update
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Status', exact: true }) });
    await expect(status.getByRole('cell')).toHaveText(['Flagged', 'Live']);
    await expect(update).not.toContainText('NodeVersionStatus');
    await expect(update).not.toContainText('node_version.update');
    // The Flagged reason was the findings' JSON: it is counted instead.
    await expect(update).toContainText('Scanner findings: 1');
    await expect(update).not.toContainText('issue_type');
    await checkA11y(page);

    await page.goto('/admin/audit?action=node_version.undo');
    const undo = page.getByRole('listitem', { name: `Version status change undone ${nodeId}@1.0.0` });
    await expect(undo.getByText('Reason: Undid the change to Live')).toBeVisible();
    await expect(undo).not.toContainText('history_id');

    await saveThemedScreenshots(page, 'web-c-audit', '/admin/audit?action=node_version.update', async (shot) => {
      await expect(shot.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    });

    // In French, the same entry reads in French.
    await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'fr'));
    await page.goto('/admin/audit?action=node_version.update');
    await expect(page.getByRole('listitem', { name: `Statut de version modifié ${nodeId}@1.0.0` })).toBeVisible();
    await page.goto(`/admin/review?pack=${nodeId}`);
    await expect(page.getByText('Exécute du code dissimulé (obscurci)').first()).toBeVisible();
  });
});
