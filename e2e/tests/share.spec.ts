import type { APIRequestContext, Page, Request } from '@playwright/test';
import { UNCLAIMED_PUBLISHER_ID as unclaimed } from '../../web/src/lib/catalogue/unclaimed';
import { expect, test } from '../support/fixtures';

// The placeholder publisher that holds the imported catalogue's unclaimed packs.
const pack = 'comfyui-impact-pack';

/** The served HTML's head tags, as a link-preview bot sees them (no JavaScript). */
async function served(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  const html = await response.text();
  const decode = (value: string) =>
    value
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const meta: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    meta[match[1] ?? ''] = decode(match[2] ?? '');
  }
  return {
    status: response.status(),
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    canonical: /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1],
    meta,
    embedded: /<script type="application\/json" id="registry-data">/.test(html),
  };
}

/**
 * Holds every API request for `apiPath` until `release()`: a page that shows its content while
 * the request is held did not need it for its first paint. Requests (of `method`) are recorded as
 * they start.
 */
async function holdApi(page: Page, apiUrl: string, apiPath: string, method = 'GET') {
  const api = new URL(apiUrl);
  const isTarget = (url: URL) => url.origin === api.origin && url.pathname === apiPath;
  const started: Request[] = [];
  const answered: Request[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  page.on('request', (request) => {
    if (request.method() === method && isTarget(new URL(request.url()))) started.push(request);
  });
  page.on('response', (response) => {
    if (started.includes(response.request())) answered.push(response.request());
  });
  await page.route(isTarget, async (route) => {
    await released;
    await route.continue();
  });
  return { started, answered, release };
}

test.describe('shareable pages', () => {
  test('serve Open Graph tags for a pack, a publisher and a node class', async ({ request, registry }) => {
    const packPage = await served(request, `/nodes/${pack}`);
    expect(packPage.status).toBe(200);
    expect(packPage.title).toBe('ComfyUI Impact Pack · ComfyUI Registry');
    expect(packPage.canonical).toBe(`${registry.webUrl}/nodes/${pack}`);
    expect(packPage.meta).toMatchObject({
      'og:type': 'website',
      'og:title': 'ComfyUI Impact Pack · ComfyUI Registry',
      'og:url': `${registry.webUrl}/nodes/${pack}`,
      'twitter:card': 'summary',
    });
    expect(packPage.meta['og:description']).toContain('detector nodes and detailer nodes');
    expect(packPage.meta.description).toBe(packPage.meta['og:description']);
    expect(packPage.embedded).toBe(true);

    const publisherPage = await served(request, `/publishers/${unclaimed}`);
    expect(publisherPage.status).toBe(200);
    expect(publisherPage.title).toBe('Unclaimed · ComfyUI Registry');
    expect(publisherPage.meta['og:title']).toBe('Unclaimed · ComfyUI Registry');
    expect(publisherPage.meta['og:url']).toBe(`${registry.webUrl}/publishers/${unclaimed}`);
    expect(publisherPage.embedded).toBe(true);

    const provider = (await (await request.get(`${registry.apiUrl}/comfy-nodes/FaceDetailer/node`)).json()) as {
      name: string;
    };
    const classPage = await served(request, '/comfy-nodes/FaceDetailer');
    expect(classPage.status).toBe(200);
    expect(classPage.title).toBe('FaceDetailer · ComfyUI Registry');
    expect(classPage.meta['og:url']).toBe(`${registry.webUrl}/comfy-nodes/FaceDetailer`);
    expect(classPage.meta['og:description']).toContain(`FaceDetailer is a ComfyUI node from ${provider.name}.`);

    const unknown = await served(request, '/nodes/no-such-pack-here');
    expect(unknown.status).toBe(404);
    expect(unknown.title).toBe('Pack not found · ComfyUI Registry');
    expect(unknown.embedded).toBe(false);
  });

  test('the pack page paints its name without waiting for GET /nodes/{id}, then revalidates', async ({
    page,
    registry,
    saveScreenshot,
    checkA11y,
  }) => {
    const held = await holdApi(page, registry.apiUrl, `/nodes/${pack}`);
    await page.goto(`/nodes/${pack}`);
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
    await expect(page).toHaveTitle('ComfyUI Impact Pack · ComfyUI Registry');
    await expect(page.getByText('detector nodes and detailer nodes')).toBeVisible();
    // Whatever request for the pack has started is still held: none of it reached the first paint.
    expect(held.answered).toEqual([]);
    await saveScreenshot(page, 'share-pack-first-paint');

    held.release();
    // The query revalidates through the API as usual.
    await expect.poll(() => held.answered.length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
    await checkA11y(page);
  });

  test('the publisher page paints its profile without waiting for GET /publishers/{id}', async ({ page, registry }) => {
    const held = await holdApi(page, registry.apiUrl, `/publishers/${unclaimed}`);
    await page.goto(`/publishers/${unclaimed}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Unclaimed' })).toBeVisible();
    expect(held.answered).toEqual([]);
    held.release();
    await expect.poll(() => held.answered.length).toBeGreaterThan(0);
  });

  test('the node-class page paints its providing pack without waiting for the API, then revalidates', async ({
    page,
    registry,
    request,
    saveScreenshot,
  }) => {
    const provider = (await (await request.get(`${registry.apiUrl}/comfy-nodes/FaceDetailer/node`)).json()) as {
      id: string;
      name: string;
      repository: string;
    };
    // The page resolves the class through the batch endpoint; its first paint must not wait for it.
    const held = await holdApi(page, registry.apiUrl, '/comfy-nodes/resolve', 'POST');
    await page.goto('/comfy-nodes/FaceDetailer');
    const providerSection = page.getByRole('region', { name: 'Provided by' });
    await expect(providerSection.getByRole('link', { name: provider.name, exact: true })).toHaveAttribute(
      'href',
      `/nodes/${provider.id}`,
    );
    // The imported provider has no version here, so the page offers what works: a clone of its repository.
    await expect(providerSection.getByText(`git clone ${provider.repository}`, { exact: true })).toBeVisible();
    expect(held.answered).toEqual([]);
    await saveScreenshot(page, 'share-comfy-node-first-paint');

    held.release();
    // The query revalidates through the API as usual, and the answer agrees.
    await expect.poll(() => held.answered.length).toBeGreaterThan(0);
    await expect(providerSection.getByRole('link', { name: provider.name, exact: true })).toBeVisible();
  });

  test('a pack reached inside the app still loads through the API', async ({ page, registry }) => {
    const held = await holdApi(page, registry.apiUrl, `/nodes/${pack}`);
    await page.goto('/?q=impact%20pack');
    await page.getByRole('link', { name: 'ComfyUI Impact Pack' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/nodes/${pack}$`));
    // No embedded data for a client-side navigation: the name waits for the held request.
    await expect.poll(() => held.started.length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toHaveCount(0);
    held.release();
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
  });
});
