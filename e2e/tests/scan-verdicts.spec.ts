import { expect, test } from '../support/fixtures';
import { publisherWithToken, publishWithFiles, uniqueSuffix } from '../support/publishing';

// A node whose method starts `git`: the checks label the version ("Starts programs") and let it
// go live. The call is on line 14.
const LABELLED_INIT = [
  'import subprocess',
  '',
  '',
  'class GitInfo:',
  '    @classmethod',
  '    def INPUT_TYPES(cls):',
  '        return {"required": {}}',
  '',
  '    RETURN_TYPES = ("STRING",)',
  '    FUNCTION = "run"',
  '    CATEGORY = "examples"',
  '',
  '    def run(self):',
  '        out = subprocess.run(["git", "--version"], capture_output=True, text=True)',
  '        return (out.stdout,)',
  '',
  '',
  'NODE_CLASS_MAPPINGS = {"GitInfo": GitInfo}',
  '',
].join('\n');

// A hidden payload run when ComfyUI loads the pack (line 3): the checks hold the version. The
// helper that starts `git` only labels it; no node class is exported, so none is read.
const HELD_INIT = [
  'import base64, subprocess',
  '',
  'exec(base64.b64decode("cHJpbnQoMSk="))',
  '',
  '',
  'def git_version():',
  '    return subprocess.run(["git", "--version"], capture_output=True).stdout',
  '',
].join('\n');

test.describe('scan verdicts on every screen', () => {
  test('a labelled version and a held one: what visitors, the publisher and admins see', async ({
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
    const publisher = await publisherWithToken(registry, registry.users.user, `e2e-verdicts-${suffix}`);
    const nodeId = `verdicts-${suffix}`;
    const name = `Verdicts ${suffix}`;
    const repository = `https://github.com/e2e-owner/${nodeId}`;
    const publish = (version: string, init: string) => {
      const pack = { publisherId: publisher.id, nodeId, version, name, repository };
      return publishWithFiles(registry, publisher, pack, { '__init__.py': init });
    };
    expect(await publish('1.0.0', LABELLED_INIT)).toBe('NodeVersionStatusActive');
    expect(await publish('1.0.1', HELD_INIT)).toBe('NodeVersionStatusFlagged');

    // A visitor: the live version's label on the pack page and on its search card; the held
    // version only as Flagged in the history.
    const visitorContext = await browser.newContext({ locale: 'en-US', baseURL: registry.webUrl });
    const visitor = await visitorContext.newPage();
    try {
      await visitor.goto(`/nodes/${nodeId}`);
      await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
      const labels = visitor.getByRole('list', { name: 'What the checks saw the code do' });
      // The chip names the label; its sentence is there on hover and for screen readers.
      await expect(labels.getByRole('listitem')).toHaveText([/^Starts programs/]);
      await expect(labels.getByRole('listitem')).toHaveAttribute(
        'title',
        'Its code starts other programs (for example git or ffmpeg).',
      );
      const history = visitor.getByRole('region', { name: 'Version history' });
      await expect(history.getByRole('listitem').filter({ hasText: '1.0.0' })).toHaveCount(1);
      await expect(
        history.getByRole('listitem').filter({ hasText: '1.0.1' }).getByText('Flagged', { exact: true }),
      ).toBeVisible();
      await checkA11y(visitor);

      await visitor.goto(`/?q=${encodeURIComponent(name)}`);
      const card = visitor
        .getByRole('region', { name: 'Results' })
        .getByRole('listitem')
        .filter({ has: visitor.getByRole('heading', { name }) });
      await expect(card.getByRole('list', { name: 'What the checks saw the code do' })).toHaveText(
        /^Starts programs: Its code starts other programs/,
      );
      await saveScreenshot(visitor, 'verdicts-search-card');
    } finally {
      await visitorContext.close();
    }
    await saveThemedScreenshots(page, 'verdicts-pack-page', `/nodes/${nodeId}`, async (shot) => {
      await expect(shot.getByTestId('version-labels')).toBeVisible();
    });

    // The publisher: the held version with its holding finding, the live one with its label and
    // the finding behind it, each with its grade, where its code runs, line and excerpt.
    // (A context of its own: the app keeps a tab's identity token for the session it started with.)
    const ownerContext = await browser.newContext({ locale: 'en-US', baseURL: registry.webUrl });
    const owner = await ownerContext.newPage();
    try {
      await signInAs(owner, registry.users.user);
      await owner.goto(`/nodes/${nodeId}/manage`);
      await expect(owner.locator('#root[inert]')).toHaveCount(0);
      const versions = owner.getByRole('region', { name: 'Versions' });
      const held = versions.getByTestId('version-1.0.1');
      await expect(held.getByText('Flagged', { exact: true })).toBeVisible();
      const holding = held.getByTestId('findings').getByRole('listitem');
      await expect(holding).toHaveCount(1);
      await expect(holding.getByTestId('finding-grade')).toHaveText('Holds for review');
      await expect(holding.getByText('runs when ComfyUI loads the pack')).toBeVisible();
      await expect(holding.getByText('Line 3', { exact: true })).toBeVisible();
      await expect(holding.locator('pre code')).toHaveText('exec(base64.b64decode("cHJpbnQoMSk="))');
      await expect(holding.getByRole('link', { name: 'Open in the file' })).toHaveAttribute(
        'href',
        new RegExp(`/nodes/${nodeId}/versions/1\\.0\\.1/files/__init__\\.py.*#L3$`),
      );

      const live = versions.getByTestId('version-1.0.0');
      await expect(live.getByText('Live', { exact: true })).toBeVisible();
      await expect(live.getByTestId('version-labels')).toHaveText(/^Starts programs: Its code starts other programs/);
      await live.getByText('Why version 1.0.0 carries these labels').click();
      const labelled = live.getByTestId('findings').getByRole('listitem');
      await expect(labelled).toHaveCount(1);
      await expect(labelled.getByTestId('finding-grade')).toHaveText('Label only: Starts programs');
      await expect(labelled.getByText('runs when a node runs')).toBeVisible();
      await expect(labelled.getByText('Line 14', { exact: true })).toBeVisible();
      await expect(labelled.locator('pre code')).toContainText('subprocess.run(["git", "--version"]');
      await saveScreenshot(owner, 'verdicts-publisher-versions');
      await checkA11y(owner);
    } finally {
      await ownerContext.close();
    }

    // An admin: the held version in the queue with both findings graded, the new holding one
    // marked, line links into the repository, and why no node class was read.
    await signInAs(page, registry.users.admin);
    await page.goto(`/admin/review?pack=${nodeId}`);
    const queued = page.getByRole('article', { name: `${nodeId}@1.0.1` });
    await expect(queued).toBeVisible();
    await expect(queued.getByTestId('version-labels')).toHaveText(/^Starts programs: Its code starts other programs/);
    const rows = queued.getByRole('listitem').filter({ has: page.getByTestId('finding-grade') });
    await expect(rows).toHaveCount(2);
    const hold = rows.filter({ hasText: 'Holds for review' });
    await expect(hold.getByText('runs when ComfyUI loads the pack')).toBeVisible();
    await expect(hold.getByText('New since the last approved version')).toBeVisible();
    await expect(hold.getByRole('link', { name: /^Line 3/ })).toHaveAttribute(
      'href',
      `${repository}/blob/HEAD/__init__.py#L3`,
    );
    await expect(hold.locator('pre code')).toHaveText('exec(base64.b64decode("cHJpbnQoMSk="))');
    const label = rows.filter({ hasText: 'Label only: Starts programs' });
    await expect(label.getByText('runs when a node runs')).toBeVisible();
    await expect(label.getByTestId('finding-text')).toHaveText(
      'Starts a program when a node or route of the pack runs.',
    );
    await expect(label.getByText('New since the last approved version')).toHaveCount(0);
    await expect(label.getByRole('link', { name: /^Line 7/ })).toHaveAttribute(
      'href',
      `${repository}/blob/HEAD/__init__.py#L7`,
    );
    await expect(queued.getByTestId('extract-reason')).toContainText(
      'No node classes were read from this version: found no node definitions',
    );
    await saveScreenshot(page, 'verdicts-admin-review');
    await checkA11y(page);

    // The live version, looked up in the queue: its label and the finding behind it, nothing holding.
    await page.goto(`/admin/review?status=active&pack=${nodeId}`);
    const approved = page.getByRole('article', { name: `${nodeId}@1.0.0` });
    await expect(approved.getByTestId('finding-grade')).toHaveText('Label only: Starts programs');
    await expect(approved.getByRole('link', { name: /^Line 14/ })).toHaveAttribute(
      'href',
      `${repository}/blob/HEAD/__init__.py#L14`,
    );
    await expect(approved.getByTestId('extract-reason')).toHaveCount(0);

    await saveThemedScreenshots(page, 'verdicts-admin-review', `/admin/review?pack=${nodeId}`, async (shot) => {
      await expect(shot.getByTestId('finding-grade')).toHaveCount(2);
    });
  });
});
