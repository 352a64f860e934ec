import { expect, test } from '../support/fixtures';
import { linkFromOutbox } from '../support/outbox';
import { publisherWithToken, publishWithFiles, uniqueSuffix } from '../support/publishing';
import { readState } from '../support/state';

// A hidden payload run when ComfyUI loads the pack (line 3): the checks hold the version.
const HELD_INIT = ['import base64', '', 'exec(base64.b64decode("cHJpbnQoMSk="))', ''].join('\n');

test.describe('appeals', () => {
  test('the publisher of a held version writes, an admin answers and approves, the publisher reads the decision', async ({
    page,
    browser,
    registry,
    signInAs,
    checkA11y,
    saveScreenshot,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(300_000);
    const suffix = uniqueSuffix();
    const publisher = await publisherWithToken(registry, registry.users.user, `e2e-appeal-${suffix}`);
    const nodeId = `appeal-${suffix}`;
    const pack = {
      publisherId: publisher.id,
      nodeId,
      version: '1.0.0',
      name: `Appeal ${suffix}`,
      repository: `https://github.com/e2e-owner/${nodeId}`,
    };
    expect(await publishWithFiles(registry, publisher, pack, { '__init__.py': HELD_INIT })).toBe(
      'NodeVersionStatusFlagged',
    );

    // The publisher: the held version's finding and the conversation with the reviewers.
    const ownerContext = await browser.newContext({ locale: 'en-US', baseURL: registry.webUrl });
    const owner = await ownerContext.newPage();
    try {
      await signInAs(owner, registry.users.user);
      await owner.goto(`/nodes/${nodeId}/manage`);
      const held = owner.getByRole('region', { name: 'Versions' }).getByTestId('version-1.0.0');
      await expect(held.getByTestId('findings').getByRole('listitem')).toHaveCount(1);
      const thread = held.getByRole('region', { name: 'Conversation with the reviewers about 1.0.0' });
      await expect(thread.getByText('No messages yet.')).toBeVisible();
      await thread.getByLabel('Your message').fill('The payload prints 1.\n<b>It is a smoke test.</b>');
      await thread.getByRole('button', { name: 'Send' }).click();
      // Plain text: the tags are shown as typed, never rendered.
      await expect(thread.getByTestId('appeal-message')).toContainText('<b>It is a smoke test.</b>');
      await expect(thread.getByLabel('Your message')).toHaveValue('');
      await checkA11y(owner);
    } finally {
      await ownerContext.close();
    }
    // Every administrator is told, with a link to the version in the review screen.
    const link = await linkFromOutbox(
      readState().dataDir,
      registry.users.admin.email,
      new RegExp(`https?://\\S+/admin/review/${nodeId}/1\\.0\\.0`),
    );
    expect(link).toContain(`/admin/review/${nodeId}/1.0.0`);

    // The admin: the message in the review screen, an answer, then the approval.
    await signInAs(page, registry.users.admin);
    await page.goto(`/admin/review?pack=${nodeId}`);
    const card = page.getByRole('article', { name: `${nodeId}@1.0.0` });
    await card.getByRole('button', { name: /^Conversation/ }).click();
    const adminThread = card.getByRole('region', { name: 'Conversation with the publisher about 1.0.0' });
    await expect(adminThread.getByTestId('appeal-message')).toContainText('The payload prints 1.');
    await expect(adminThread.getByTestId('appeal-message')).toContainText(registry.users.user.email);
    await adminThread.getByLabel('Your message').fill('Thanks, checked: it only prints.');
    await adminThread.getByRole('button', { name: 'Send' }).click();
    await expect(adminThread.getByTestId('appeal-message')).toHaveCount(2);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'appeal-admin-review', `/admin/review?pack=${nodeId}`, async (shot) => {
      const shown = shot.getByRole('article').first();
      await shown
        .getByRole('button')
        .filter({ hasText: /Conversation|المحادثة/ })
        .first()
        .click();
      await expect(shot.getByTestId('appeal-message')).toHaveCount(2);
    });
    await card.getByRole('button', { name: /^Approve/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 1 version' });
    await dialog.getByLabel('Reason').fill('Payload only prints 1');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(card).toHaveCount(0);

    // The dashboard counts the decision.
    await page.goto('/admin');
    await expect(page.getByTestId('median-decision')).toContainText('Median time from hold to decision');
    await expect(page.getByTestId('median-decision')).toContainText('Last 30 days');
    await saveScreenshot(page, 'appeal-dashboard');

    // The publisher: the version is live and the conversation ends with who approved it and why.
    const backContext = await browser.newContext({ locale: 'en-US', baseURL: registry.webUrl });
    const back = await backContext.newPage();
    try {
      await signInAs(back, registry.users.user);
      await back.goto(`/nodes/${nodeId}/manage`);
      const live = back.getByRole('region', { name: 'Versions' }).getByTestId('version-1.0.0');
      await expect(live.getByText('Live', { exact: true })).toBeVisible();
      await live.getByText('Review conversation for 1.0.0').click();
      const decision = live.getByTestId('appeal-decision');
      // The administrator's name (the account's own), never their address.
      await expect(decision).toContainText(/^Approved by \S+/);
      await expect(decision).not.toContainText(registry.users.admin.email);
      await expect(decision).toContainText('Reason: Payload only prints 1');
      await expect(live.getByText(/no longer held for review/)).toBeVisible();
      await checkA11y(back);
      await saveThemedScreenshots(back, 'appeal-publisher-decision', `/nodes/${nodeId}/manage`, async (shot) => {
        await shot.getByTestId('version-1.0.0').locator('details summary').last().click();
        await expect(shot.getByTestId('appeal-decision')).toBeVisible();
      });
    } finally {
      await backContext.close();
    }
  });
});
