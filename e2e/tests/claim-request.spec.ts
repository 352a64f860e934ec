import { expect, test } from '../support/fixtures';
import { linkFromOutbox } from '../support/outbox';
import { apiAs, createPublisher, signUpUser, uniqueSuffix } from '../support/publishing';

// This run has no GitHub sign-in, so "Claim this pack" becomes a request to the administrators,
// who approve or deny it in their screens; the requester hears the decision by e-mail.

test.describe('claiming without GitHub sign-in', () => {
  test('a request reaches the admins; approving moves the pack and e-mails the requester', async ({
    page,
    browser,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(300_000);
    const suffix = uniqueSuffix();
    const nodeId = `weba-claim-${suffix}`;
    const packName = `Weba Claimable ${suffix}`;
    const admin = await apiAs(registry, registry.users.admin);
    const created = await admin.post(`${registry.apiUrl}/admin/nodes`, {
      data: { id: nodeId, name: packName, repository: `https://github.com/weba/${nodeId}` },
    });
    expect(created.status(), await created.text()).toBe(201);

    const user = await signUpUser(page.request, registry, 'webaclaimer');
    const publisherId = `weba-cl-${suffix}`;
    await createPublisher(page.request, registry, user, publisherId);

    await page.goto(`/nodes/${nodeId}`);
    await page.getByRole('link', { name: 'Claim this pack' }).click();
    await expect(page).toHaveURL(`/nodes/${nodeId}/claim`);
    await expect(page.getByRole('radio', { name: new RegExp(publisherId) })).toBeChecked();
    const form = page.getByRole('region', { name: 'Ask the administrators' });
    await expect(form.getByRole('button', { name: 'Send the request' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Claim pack' })).toHaveCount(0);
    await expect(form.getByTestId('contact-admins')).toContainText('registry-admins@e2e.test');
    await checkA11y(page);
    await saveThemedScreenshots(page, 'weba-claim-request', `/nodes/${nodeId}/claim`, async (shot) => {
      await expect(shot.locator('#claim-request-title')).toBeVisible();
    });
    await form.getByLabel('Why is this pack yours?').fill('I maintain github.com/weba for this pack.');
    await form.getByRole('button', { name: 'Send the request' }).click();
    await expect(page.getByText('Request sent')).toBeVisible();
    // Asking twice is refused, and the pack stays unclaimed until an admin decides.
    const again = await page.request.post(`${registry.apiUrl}/nodes/${nodeId}/claim-requests`, {
      data: { publisher_id: publisherId, message: 'again' },
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(again.status()).toBe(409);

    // The admin's screen.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    const signIn = await adminPage.request.post(`${registry.apiUrl}/api/auth/sign-in/email`, {
      data: { email: registry.users.admin.email, password: registry.users.admin.password },
      headers: { origin: registry.webUrl },
    });
    expect(signIn.ok()).toBe(true);
    await adminPage.goto(`${registry.webUrl}/admin`);
    await adminPage.getByRole('link', { name: /Claim requests/ }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Claim requests' })).toBeVisible();
    const item = adminPage.getByRole('listitem', { name: `Claim request for ${packName}` });
    await expect(item).toContainText('I maintain github.com/weba for this pack.');
    await expect(item).toContainText(user.email);
    await checkA11y(adminPage);
    await saveThemedScreenshots(adminPage, 'weba-admin-claim-requests', '/admin/claim-requests', async (shot) => {
      await expect(shot.getByRole('listitem').filter({ hasText: packName })).toBeVisible();
    });
    await item.getByLabel('Note to the requester (optional)').fill('Checked the repository');
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText(`${packName} now belongs to the requester's publisher.`)).toBeVisible();
    await expect(item).toHaveCount(0);
    await adminContext.close();

    const pack = (await (await page.request.get(`${registry.apiUrl}/nodes/${nodeId}`)).json()) as {
      publisher: { id: string };
    };
    expect(pack.publisher.id).toBe(publisherId);
    await expect
      .poll(() => linkFromOutbox(registry.dataDir, user.email, /The administrators approved your request/))
      .toBe('The administrators approved your request');
    await admin.dispose();
  });
});
