import type { AppContext } from '../../context.js';
import { badRequest, forbidden, serviceUnavailable, tooManyRequests, withCode } from '../../lib/errors.js';
import type { Viewer } from '../auth/viewer.js';
import { recordChangeOfHands } from '../catalogue/custody.js';
import { requireVisiblePack } from '../catalogue/pack-guards.js';
import { findPackByAnyCase, movePack } from '../catalogue/pack-rows.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import { UNCLAIMED_PUBLISHER_ID } from '../catalogue/wire.js';
import { requirePublisherWrite } from '../publishers/access.js';
import { alreadyClaimed } from './codes.js';
import { GitHubError, type GitHubRepository, parseGitHubRepository } from './github.js';
import { auditPackChange } from './repository.js';

const ALREADY_CLAIMED = 'This node is already claimed by a publisher';

/**
 * `POST /publishers/{p}/nodes/{n}/claim-my-node`: moves an unclaimed pack into publisher `p`
 * once GitHub confirms that the owner of `ghToken` administers the pack's repository. The token
 * is used for these two calls only: never stored, never logged.
 */
export async function claimPack(
  ctx: AppContext,
  viewer: Viewer,
  target: { publisherId: string; nodeId: string },
  ghToken: string,
): Promise<void> {
  const { publisherId } = target;
  await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-packs');
  const node = requireVisiblePack(await findPackByAnyCase(ctx.db, target.nodeId));
  if (node.publisher_id !== UNCLAIMED_PUBLISHER_ID) {
    throw alreadyClaimed(forbidden(ALREADY_CLAIMED, `it belongs to publisher ${node.publisher_id}`), node.id);
  }
  const repository = parseGitHubRepository(node.repository_url);
  if (!repository) {
    throw withCode(
      badRequest(
        'Only packs whose repository is on GitHub can be claimed here; ask a registry admin to transfer it',
        `repository: "${node.repository_url}"`,
      ),
      'claim.not_github',
      { repository: node.repository_url },
    );
  }
  const login = await verifyAdmin(ctx, ghToken, repository);
  const moved = await catalogueWrite(ctx, async ({ trx, touch }) => {
    if (!(await movePack(trx, node.id, UNCLAIMED_PUBLISHER_ID, publisherId))) return false;
    await auditPackChange(trx, {
      actorUserId: viewer.id,
      action: 'node.claim',
      nodeId: node.id,
      reason: `GitHub user ${login} administers ${repository.owner}/${repository.name}`,
      before: { publisher_id: UNCLAIMED_PUBLISHER_ID },
      after: { publisher_id: publisherId },
    });
    await recordChangeOfHands(trx, {
      nodeId: node.id,
      kind: 'claim',
      from: UNCLAIMED_PUBLISHER_ID,
      to: publisherId,
      actorUserId: viewer.id,
      detail: `GitHub user ${login} administers ${repository.owner}/${repository.name}`,
      now: new Date().toISOString(),
    });
    touch(node.id);
    return true;
  });
  if (!moved) throw alreadyClaimed(forbidden(ALREADY_CLAIMED, 'another publisher claimed it meanwhile'), node.id);
}

/** The GitHub login behind the token, once GitHub confirms it administers the repository. */
async function verifyAdmin(ctx: AppContext, ghToken: string, repository: GitHubRepository): Promise<string> {
  const slug = `${repository.owner}/${repository.name}`;
  try {
    const { login } = await ctx.github.authenticatedUser(ghToken);
    const permission = await ctx.github.repositoryPermission(ghToken, repository, login);
    if (permission !== 'admin') {
      throw withCode(
        forbidden(
          `GitHub user ${login} does not have admin permission on ${slug}; only repository administrators can claim this node`,
          `permission: ${permission}`,
        ),
        'claim.not_repo_admin',
        { login, repository: slug },
      );
    }
    return login;
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    switch (error.failure) {
      case 'unauthorized':
        throw withCode(
          forbidden('GitHub token invalid', 'GitHub rejected the token; sign in to GitHub again'),
          'claim.github_token_invalid',
        );
      case 'not-found':
        throw withCode(
          forbidden(`Repository ${slug} not found on GitHub or not accessible with this token`),
          'claim.repo_not_found',
          { repository: slug },
        );
      case 'rate-limited':
        throw withCode(
          tooManyRequests('GitHub rate limit reached; try again later', error.retryAfterSeconds),
          'claim.github_rate_limited',
        );
      case 'unavailable':
        throw withCode(
          serviceUnavailable('GitHub is unavailable; try again later', error.message),
          'claim.github_unavailable',
        );
    }
  }
}
