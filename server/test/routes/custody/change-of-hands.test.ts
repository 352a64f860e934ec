import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import { newId } from '../../../src/lib/ids.js';
import { UNCLAIMED_PUBLISHER_ID } from '../../../src/modules/catalogue/wire.js';
import { ensureUnclaimedPublisher } from '../../../src/modules/catalogue-import/repository.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { startGitHost } from '../../helpers/git-host.js';
import { packZip } from '../../helpers/pack-zip.js';
import { inviteAndAccept } from '../publishers/world.js';
import { acmeWithToken, cliPublishBody, uploadPath } from '../publishing/comfy-cli.js';

const IMPACT_REPO = 'https://github.com/ltdrdata/ComfyUI-Impact-Pack';

/** The most used unclaimed pack, as the Manager's list imports it: stars and a class name, no versions. */
async function importedImpactPack(t: TestApp) {
  await ensureUnclaimedPublisher(t.ctx.db);
  await t.factories.node({
    id: 'impact-pack',
    publisher_id: UNCLAIMED_PUBLISHER_ID,
    repository_url: IMPACT_REPO,
    normalized_repository: 'github.com/ltdrdata/comfyui-impact-pack',
    github_stars: 3262,
  });
  await t.ctx.db
    .insertInto('comfy_nodes')
    .values({
      id: newId(),
      node_id: 'impact-pack',
      node_version_id: null,
      source: 'manager-import',
      name: 'FaceDetailer',
    })
    .execute();
}

/** comfy-cli's publish of impact-pack@version from `repository`, its upload, and the pipeline run. */
async function publish(t: TestApp, token: string, version: string, repository: string) {
  const body = cliPublishBody(token, 'impact-pack', version);
  body.node.repository = repository;
  const published = await t.anon.post('/publishers/acme/nodes/impact-pack/versions', body);
  expect(published.statusCode).toBe(201);
  const zip = packZip({
    name: 'impact-pack',
    version,
    pyproject: [
      '[project]',
      'name = "impact-pack"',
      `version = "${version}"`,
      '[project.urls]',
      `Repository = "${repository}"`,
      '[tool.comfy]',
      'PublisherId = "acme"',
      '',
    ].join('\n'),
    files: { '__init__.py': 'class OtherNode:\n    pass\n\nNODE_CLASS_MAPPINGS = {"OtherNode": OtherNode}\n' },
  });
  const put = await t.anon.inject({
    method: 'PUT',
    url: uploadPath(published.json().signedUrl),
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });
  expect(put.statusCode).toBe(200);
  const worker = new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
    concurrency: 1,
    pollIntervalMs: 1000,
    leaseMs: 60_000,
    retryBaseSeconds: 1,
  });
  while ((await worker.runOnce()) > 0) {}
  const admin = await t.factories.admin();
  const read = await (await t.as(admin)).get(`/nodes/impact-pack/versions/${version}`);
  return read.json() as { status: string; status_reason: string };
}

describe('a change of hands holds the next version', () => {
  it('claim, then a publish from another repository: held with the reasons, stars cleared, imported classes no longer offered', async () => {
    // The pack's GitHub repository, served on loopback where the claim reads its proof file.
    const git = await startGitHost([{ slug: 'ltdrdata/ComfyUI-Impact-Pack', files: { 'README.md': '# Impact\n' } }]);
    const t = await buildTestApp({ CLAIM_RAW_FILE_URLS: `github.com=${git.base}/{path}/raw/HEAD/{file}` });
    await importedImpactPack(t);
    const { owner, token } = await acmeWithToken(t);
    const admin = await t.factories.admin();
    const asAdmin = await t.as(admin);

    // Before: the resolver sends FaceDetailer to the imported pack.
    expect((await t.anon.get('/comfy-nodes/FaceDetailer/node')).json()).toMatchObject({ id: 'impact-pack' });

    const asked = await (await t.as(owner)).post('/nodes/impact-pack/claim-requests', {
      publisher_id: 'acme',
      message: 'I am its maintainer',
    });
    expect(asked.statusCode).toBe(201);
    // "I am its maintainer" alone is not enough: the approval waits for the proof file.
    expect((await asAdmin.post(`/admin/claim-requests/${asked.json().id}/approve`, {})).statusCode).toBe(409);
    git.commit('ltdrdata/ComfyUI-Impact-Pack', { [asked.json().proof.file]: `${asked.json().proof.token}\n` });
    expect((await (await t.as(owner)).post(`/claim-requests/${asked.json().id}/check`, {})).json()).toMatchObject({
      proof: { status: 'verified' },
    });
    const approved = await asAdmin.post(`/admin/claim-requests/${asked.json().id}/approve`, { note: 'checked' });
    expect(approved.statusCode).toBe(200);

    const held = await publish(t, token, '9.0.0', 'https://github.com/acme/impact-pack');
    expect(held.status).toBe('NodeVersionStatusFlagged');
    const findings = JSON.parse(held.status_reason) as { issue_type: string; message: string; scanner: string }[];
    expect(findings).toEqual([
      expect.objectContaining({
        issue_type: 'change_of_hands',
        scanner: 'custody',
        grade: 'hold',
        message: expect.stringMatching(
          /^The pack was claimed by publisher acme on \d{4}-\d\d-\d\d; .*\nThe pack's repository changed from https:\/\/github.com\/ltdrdata\/ComfyUI-Impact-Pack to https:\/\/github.com\/acme\/impact-pack on /,
        ),
      }),
    ]);
    // Not installable, not listed, and its imported classes are no longer offered.
    expect((await t.anon.get('/nodes/impact-pack/install')).statusCode).toBe(404);
    const page = (await t.anon.get('/nodes/impact-pack')).json();
    expect(page).toMatchObject({ github_stars: 0, repository: '' });
    expect((await t.anon.get('/comfy-nodes/FaceDetailer/node')).statusCode).toBe(404);
    const resolved = await t.anon.post('/comfy-nodes/resolve', { names: ['FaceDetailer'] });
    expect(resolved.json()).toEqual({ results: [{ name: 'FaceDetailer', status: 'unknown' }] });

    // The trust panel of the held version says where it came from and why it waits.
    const trust = await t.anon.get('/nodes/impact-pack/versions/9.0.0/trust');
    expect(trust.statusCode).toBe(200);
    expect(trust.json()).toEqual({
      node_id: 'impact-pack',
      version: '9.0.0',
      status: 'NodeVersionStatusFlagged',
      published_at: expect.any(String),
      archive: {
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        size_bytes: expect.any(Number),
        hash_source: 'upload',
      },
      published: { via: 'token', token_name: expect.any(String), token_last_four: token.slice(-4) },
      hold_reason: expect.stringContaining('claimed by publisher acme'),
      scan: { labels: [], findings: [expect.objectContaining({ issue_type: 'change_of_hands', grade: 'hold' })] },
      decisions: [
        expect.objectContaining({ from_status: null, to_status: 'NodeVersionStatusPending', by: null }),
        expect.objectContaining({ to_status: 'NodeVersionStatusFlagged', by: null }),
      ],
      custody: [
        {
          kind: 'claim',
          from: UNCLAIMED_PUBLISHER_ID,
          to: 'acme',
          detail: expect.stringContaining('checked'),
          at: expect.any(String),
        },
        {
          kind: 'repository_change',
          from: IMPACT_REPO,
          to: 'https://github.com/acme/impact-pack',
          detail: '',
          at: expect.any(String),
        },
      ],
    });

    // An admin accepts it: the pack provides what 9.0.0 contains, not the imported entry.
    const accepted = await asAdmin.put('/admin/nodes/impact-pack/versions/9.0.0', {
      status: 'NodeVersionStatusActive',
      status_reason: 'reviewed',
    });
    expect(accepted.statusCode).toBe(200);
    expect((await t.anon.get('/comfy-nodes/FaceDetailer/node')).statusCode).toBe(404);
    expect((await t.anon.get('/comfy-nodes/OtherNode/node')).json()).toMatchObject({ id: 'impact-pack' });
    expect((await t.anon.get('/nodes/impact-pack')).json()).toMatchObject({
      repository: 'https://github.com/acme/impact-pack',
      latest_version: { version: '9.0.0' },
    });

    // The hold was for one version: the next one from the same hands goes live.
    expect((await publish(t, token, '9.0.1', 'https://github.com/acme/impact-pack')).status).toBe(
      'NodeVersionStatusActive',
    );
    const events = await t.ctx.db
      .selectFrom('pack_custody_events')
      .select(['kind', 'from_value', 'to_value', 'actor_user_id'])
      .where('node_id', '=', 'impact-pack')
      .orderBy('created_at')
      .execute();
    expect(events).toEqual([
      { kind: 'claim', from_value: UNCLAIMED_PUBLISHER_ID, to_value: 'acme', actor_user_id: admin.id },
      {
        kind: 'repository_change',
        from_value: IMPACT_REPO,
        to_value: 'https://github.com/acme/impact-pack',
        actor_user_id: null,
      },
    ]);
  });

  it('an admin moving a pack to another publisher holds its next version; a new spelling of the same repository does not', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const other = await t.factories.publisher({ id: 'other' });
    await t.factories.node({
      id: 'impact-pack',
      publisher_id: other.id,
      repository_url: 'https://github.com/acme/impact-pack',
    });
    const admin = await t.factories.admin();
    const moved = await (await t.as(admin)).put('/admin/nodes/impact-pack', { publisher: { id: 'acme' } });
    expect(moved.statusCode).toBe(200);
    const held = await publish(t, token, '1.0.0', 'https://github.com/Acme/impact-pack.git');
    expect(held.status).toBe('NodeVersionStatusFlagged');
    expect(JSON.parse(held.status_reason)).toEqual([
      expect.objectContaining({
        issue_type: 'change_of_hands',
        message: expect.stringMatching(/^The pack moved from publisher other to acme on /),
      }),
    ]);
  });
});

describe('a new owner of the publisher is a change of hands', () => {
  it('adding an owner, or making a member one, holds the next version of each pack; adding a member does not', async () => {
    const t = await buildTestApp();
    const { owner, token } = await acmeWithToken(t);
    await t.factories.node({
      id: 'impact-pack',
      publisher_id: 'acme',
      repository_url: 'https://github.com/acme/impact-pack',
    });
    const asOwner = await t.as(owner);
    const helper = await t.factories.user({ name: 'Hal Helper', email: 'hal@example.test' });
    const newcomer = await t.factories.user({ name: 'Nora New', email: 'nora@example.test' });
    const hold = async () =>
      (
        await t.ctx.db
          .selectFrom('nodes')
          .select('next_version_hold')
          .where('id', '=', 'impact-pack')
          .executeTakeFirstOrThrow()
      ).next_version_hold;

    expect((await inviteAndAccept(t, asOwner, 'acme', helper, 'member')).statusCode).toBe(200);
    expect(await hold()).toBe('');

    // Invited as an owner: the pack is held only once the newcomer accepts.
    const invited = await asOwner.post('/publishers/acme/invitations', { email: newcomer.email, role: 'owner' });
    expect(invited.statusCode).toBe(201);
    expect(await hold()).toBe('');
    expect((await (await t.as(newcomer)).post(`/users/invitations/${invited.json().id}/accept`)).statusCode).toBe(200);
    expect(await hold()).toMatch(/^Publisher acme gained a new owner \(Nora New\) on \d{4}-\d\d-\d\d; /);
    const held = await publish(t, token, '1.0.0', 'https://github.com/acme/impact-pack');
    expect(held.status).toBe('NodeVersionStatusFlagged');
    expect(JSON.parse(held.status_reason)).toEqual([
      expect.objectContaining({
        issue_type: 'change_of_hands',
        message: expect.stringMatching(/^Publisher acme gained a new owner \(Nora New\) on /),
      }),
    ]);

    // A member made an owner is one too; the trust panel's history lists both, with who did it.
    expect((await asOwner.put(`/publishers/acme/members/${helper.id}`, { role: 'owner' })).statusCode).toBe(200);
    expect(await hold()).toMatch(/^Publisher acme gained a new owner \(Hal Helper\)/);
    const events = await t.ctx.db
      .selectFrom('pack_custody_events')
      .select(['kind', 'from_value', 'to_value', 'actor_user_id'])
      .orderBy('created_at')
      .execute();
    expect(events).toEqual([
      { kind: 'publisher_change', from_value: 'acme', to_value: 'Nora New', actor_user_id: owner.id },
      { kind: 'publisher_change', from_value: 'acme', to_value: 'Hal Helper', actor_user_id: owner.id },
    ]);
  });
});
