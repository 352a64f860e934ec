import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import {
  type ApiUser,
  createAccessToken,
  createPublisher,
  packFiles,
  publishWithToken,
  signUpUser,
  uniqueSuffix,
  zipArchive,
} from './publishing';
import type { E2EState } from './state';

/** A published pack of a new user and publisher, whose one node class is named for it alone. */
export interface OwnPack {
  user: ApiUser;
  publisherId: string;
  nodeId: string;
  className: string;
}

/**
 * Signs a new user up in the page's context (so the page is signed in as them), creates their
 * publisher and publishes `nodeId@1.0.0` the way comfy-cli does. The node class gets a unique
 * name, so lookups by class find this pack and no other spec's.
 */
export async function publishOwnPack(page: Page, registry: E2EState, prefix: string): Promise<OwnPack> {
  const suffix = uniqueSuffix();
  const publisherId = `${prefix}-${suffix}`;
  const nodeId = `${prefix}-pack-${suffix}`;
  const className = `WebAHello${suffix}`;
  const user = await signUpUser(page.request, registry, `${prefix}owner`);
  await createPublisher(page.request, registry, user, publisherId);
  const accessToken = await createAccessToken(page.request, registry, user, publisherId);
  const pack = { publisherId, nodeId, version: '1.0.0' };
  const files = packFiles(pack);
  files['__init__.py'] = (files['__init__.py'] ?? '').replaceAll('HelloNode', className);
  const { status } = await publishWithToken(page.request, registry, { ...pack, accessToken, zip: zipArchive(files) });
  expect(status).toBe('NodeVersionStatusActive');
  return { user, publisherId, nodeId, className };
}
