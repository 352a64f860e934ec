import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { linkFromOutbox } from '../support/outbox';
import { apiAs, createPublisher, signUpUser, uniqueSuffix } from '../support/publishing';

// This run has no GitHub sign-in, so "Claim this pack" becomes a request to the administrators,
// proven by a file the requester commits to the pack's repository: the registry reads it from a
// loopback host standing in for GitHub's raw files. Admins approve only a proven request.

test.describe('claiming without GitHub sign-in', () => {
  test('a request is proven by a file in the repository; the admin approves it after a confirmation', async ({
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
    await form.getByLabel('Why is this pack yours?').fill('I am its maintainer');
    await form.getByRole('button', { name: 'Send the request' }).click();

    // The proof panel: the file, the line, where the registry reads it, and "Check now".
    const proof = page.getByRole('region', { name: 'Prove that you control the repository' });
    await expect(proof).toBeVisible();
    await expect(proof.getByTestId('claim-request-status')).toHaveText(
      'Request pending: the administrators can approve it once the registry finds the proof file.',
    );
    await expect(proof).toContainText(`weba/${nodeId}/raw/HEAD/comfy-registry-claim.txt`);
    await expect(proof.locator('code').first()).toHaveText('comfy-registry-claim.txt');
    const token = (await proof.locator('code').nth(1).textContent()) ?? '';
    expect(token).toMatch(new RegExp(`^comfy-registry-claim:${publisherId}:[A-Za-z0-9_-]{24}$`));
    // Admins are told of the new request.
    await expect
      .poll(() => linkFromOutbox(registry.dataDir, registry.users.admin.email, /asked to move the pack/))
      .toBe('asked to move the pack');

    // Before the file is committed the check says what is missing.
    await proof.getByRole('button', { name: 'Check now' }).click();
    await expect(proof.getByTestId('claim-proof-failure')).toHaveText(
      'The file is not on the default branch yet. Commit it at the root, push, then check again.',
    );
    await checkA11y(page);
    await saveThemedScreenshots(page, 'claim-proof-missing', `/nodes/${nodeId}/claim`, async (shot) => {
      await expect(shot.getByTestId('claim-proof-failure')).toBeVisible();
    });

    // An administrator cannot approve an unproven request.
    const early = await admin.get(`${registry.apiUrl}/admin/claim-requests`);
    const requestId = ((await early.json()) as { requests: { id: string; node_id: string }[] }).requests.find(
      (r) => r.node_id === nodeId,
    )?.id;
    expect(
      (await admin.post(`${registry.apiUrl}/admin/claim-requests/${requestId}/approve`, { data: {} })).status(),
    ).toBe(409);

    // "Commit" the file to the repository's default branch, then check again.
    const repo = path.join(registry.repositoryFiles, 'weba', nodeId);
    mkdirSync(repo, { recursive: true });
    writeFileSync(path.join(repo, 'comfy-registry-claim.txt'), `${token}\n`);
    await proof.getByRole('button', { name: 'Check now' }).click();
    await expect(proof).toContainText('Proof found: the file holds your line.');
    await expect(proof.getByTestId('claim-request-status')).toHaveText(
      'Request pending: the proof was found, the administrators will decide.',
    );
    await saveThemedScreenshots(page, 'claim-proof-found', `/nodes/${nodeId}/claim`, async (shot) => {
      await expect(shot.getByTestId('claim-proof-verified')).toBeVisible();
    });

    // The pack page tells the requester the request is pending.
    await page.goto(`/nodes/${nodeId}`);
    await expect(page.getByTestId('claim-request-pending')).toHaveText('Claim request pending');

    // The admin's screen: the proof with its evidence, and a confirmation before approving.
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
    await expect(item).toContainText('I am its maintainer');
    await expect(item).toContainText(user.email);
    const evidence = item.getByTestId('claim-proof');
    await expect(evidence).toContainText('Proof found in the repository');
    await expect(evidence).toContainText('The file on the default branch holds the request’s line.');
    await expect(evidence).toContainText(token);
    await checkA11y(adminPage);
    await saveThemedScreenshots(adminPage, 'weba-admin-claim-requests', '/admin/claim-requests', async (shot) => {
      await expect(shot.getByRole('listitem').filter({ hasText: packName })).toBeVisible();
    });
    await item.getByLabel('Note to the requester (optional)').fill('Checked the repository');
    await item.getByRole('button', { name: 'Approve' }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Approve the claim of ${packName}?` });
    await expect(dialog).toContainText(`weba/${nodeId}/raw/HEAD/comfy-registry-claim.txt`);
    await adminPage.screenshot({ path: 'screenshots/claim-approve-confirm.png' });
    await dialog.getByRole('button', { name: 'Approve the claim' }).click();
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
