import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

describe('publisher-side endpoints in the OpenAPI document', () => {
  it('are listed with their operation ids, bearer security and named schemas', async () => {
    const t = await buildTestApp();
    const doc = (await t.anon.get('/openapi')).json() as {
      paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
      components: { schemas: Record<string, unknown> };
    };
    const operations = Object.fromEntries(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => [op.operationId, `${method.toUpperCase()} ${path}`]),
      ),
    );
    expect(operations).toMatchObject({
      validatePublisher: 'GET /publishers/validate',
      listPublishers: 'GET /publishers',
      createPublisher: 'POST /publishers',
      listPublishersForUser: 'GET /users/publishers/',
      getPublisher: 'GET /publishers/{publisherId}',
      updatePublisher: 'PUT /publishers/{publisherId}',
      deletePublisher: 'DELETE /publishers/{publisherId}',
      getPermissionOnPublisher: 'GET /publishers/{publisherId}/permissions',
      listPublisherMembers: 'GET /publishers/{publisherId}/members',
      invitePublisherMember: 'POST /publishers/{publisherId}/invitations',
      acceptPublisherInvitation: 'POST /users/invitations/{invitationId}/accept',
      updatePublisherMember: 'PUT /publishers/{publisherId}/members/{userId}',
      deletePublisherMember: 'DELETE /publishers/{publisherId}/members/{userId}',
      createPersonalAccessToken: 'POST /publishers/{publisherId}/tokens',
      listPersonalAccessTokens: 'GET /publishers/{publisherId}/tokens',
      deletePersonalAccessToken: 'DELETE /publishers/{publisherId}/tokens/{tokenId}',
      createNode: 'POST /publishers/{publisherId}/nodes',
      listNodesForPublisher: 'GET /publishers/{publisherId}/nodes',
      listNodesForPublisherV2: 'GET /publishers/{publisherId}/nodes/v2',
      updateNode: 'PUT /publishers/{publisherId}/nodes/{nodeId}',
      deleteNode: 'DELETE /publishers/{publisherId}/nodes/{nodeId}',
      getPermissionOnPublisherNodes: 'GET /publishers/{publisherId}/nodes/{nodeId}/permissions',
      updateNodeVersion: 'PUT /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}',
      deleteNodeVersion: 'DELETE /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}',
      postNodeReview: 'POST /nodes/{nodeId}/reviews',
      claimMyNode: 'POST /publishers/{publisherId}/nodes/{nodeId}/claim-my-node',
    });
    expect(doc.paths['/publishers/{publisherId}/tokens']?.post?.security).toEqual([{ BearerAuth: [] }]);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Publisher',
        'PublisherMember',
        'PersonalAccessToken',
        'Permission',
        'Node',
        'NodesPage',
      ]),
    );
  });
});
