import { expect, test } from '../support/fixtures';
import { inviteAndAccept, publisherWithToken, publishWithToken, signUpUser, uniqueSuffix } from '../support/publishing';

// Every version on the pack page carries its trust panel: the archive's digest and size, how it
// was published, why it was held, what the checks found, decisions, and the pack's changes of hands.

test('the pack page shows a version’s provenance, and the hold a new owner caused', async ({
  page,
  registry,
  checkA11y,
  saveThemedScreenshots,
}) => {
  test.setTimeout(300_000);
  const suffix = uniqueSuffix();
  const publisher = await publisherWithToken(registry, registry.users.user, `trust-${suffix}`);
  const nodeId = `trust-pack-${suffix}`;
  const pack = {
    publisherId: publisher.id,
    nodeId,
    name: `Trust ${suffix}`,
    repository: `https://github.com/e2e-owner/${nodeId}`,
  };
  const first = await publishWithToken(page.request, registry, {
    ...pack,
    version: '1.0.0',
    accessToken: publisher.token,
  });
  expect(first.status).toBe('NodeVersionStatusActive');

  // A new owner joins the publisher (invited, and accepting): the next version is held and says why.
  const newcomer = await signUpUser(page.request, registry, 'trustnewowner');
  await inviteAndAccept(page.request, registry, {
    publisherId: publisher.id,
    inviter: publisher.api,
    invitee: newcomer,
    role: 'owner',
  });
  const second = await publishWithToken(page.request, registry, {
    ...pack,
    version: '1.1.0',
    accessToken: publisher.token,
    member: publisher.api,
  });
  expect(second.status).toBe('NodeVersionStatusFlagged');

  await page.goto(`/nodes/${nodeId}`);
  const panel = page.getByRole('region', { name: 'Trust and provenance' });
  await expect(panel.getByTestId('trust-panel')).toBeVisible();
  await expect(panel).toContainText(/Archive SHA-256\s*[0-9a-f]{64}/);
  await expect(panel).toContainText('With the publishing token “e2e”');
  await expect(panel).toContainText('the bytes uploaded here');
  await expect(panel.getByTestId('trust-custody')).toContainText(
    `Publisher ${publisher.id} gained a new owner, trustnewowner`,
  );

  await page.goto(`/nodes/${nodeId}?version=1.1.0`);
  const held = page.getByRole('region', { name: 'Trust and provenance' });
  await expect(held).toContainText('Held for review after a change of hands');
  await expect(held).toContainText(`Publisher ${publisher.id} gained a new owner (trustnewowner)`);
  await expect(held).toContainText('change_of_hands');
  await checkA11y(page);
  await saveThemedScreenshots(page, 'trust-panel-held', `/nodes/${nodeId}?version=1.1.0`, async (shot) => {
    await expect(shot.getByTestId('trust-custody')).toBeVisible();
  });
});
