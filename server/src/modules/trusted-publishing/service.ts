import type { AppContext } from '../../context.js';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized, withCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { audit } from '../audit/writer.js';
import type { Viewer } from '../auth/viewer.js';
import { provenanceJson } from '../catalogue/provenance.js';
import { loadPublisherAccess, requirePublisherRead, requirePublisherWrite } from '../publishers/access.js';
import { isUniqueViolation } from '../publishers/db-guards.js';
import { actionsClaims, matches, provenanceOf } from './claims.js';
import { recordRefusedExchange, requireExchangeAllowed } from './exchange-limit.js';
import { generateGrantSecret, tokenUseKey } from './grants.js';
import { type OidcSettings, verifyIdentityToken } from './oidc.js';
import {
  deleteTrustedPublisherOf,
  insertGrant,
  insertTrustedPublisher,
  listTrustedPublishersOf,
  recordTokenUse,
  type TrustedPublisherRow,
} from './repository.js';

/** Most trusted publishers one publisher may register. */
export const MAX_TRUSTED_PUBLISHERS = 20;

/** Workflow files live here; a bare file name is read as one of them. */
const WORKFLOWS_DIR = '.github/workflows/';

/** A trusted publisher as the API shows it. */
export interface TrustedPublisherEntry {
  id: string;
  issuer: string;
  repository: string;
  workflow: string;
  environment: string;
  createdAt: string;
}

export interface TrustedPublisherInput {
  issuer?: string | undefined;
  repository: string;
  workflow: string;
  environment?: string | undefined;
}

/** The issuer and audience this instance accepts (docs/configuration.md, trusted publishing). */
export function oidcSettings(ctx: Pick<AppContext, 'config'>): OidcSettings {
  const settings = ctx.config.trustedPublishing;
  return {
    issuer: settings.TRUSTED_PUBLISHING_ISSUER.replace(/\/+$/, ''),
    audience: settings.TRUSTED_PUBLISHING_AUDIENCE || ctx.config.server.PUBLIC_API_URL.replace(/\/+$/, ''),
    timeoutMs: settings.TRUSTED_PUBLISHING_TIMEOUT_MS,
  };
}

function entry(row: TrustedPublisherRow): TrustedPublisherEntry {
  return {
    id: row.id,
    issuer: row.issuer,
    repository: row.repository,
    workflow: row.workflow,
    environment: row.environment,
    createdAt: row.created_at,
  };
}

/**
 * What the audit log keeps of a trusted publisher: the identity that may publish for the
 * publisher, so a later reader sees who was trusted from when to when.
 */
function identityOf(row: TrustedPublisherRow) {
  return {
    trusted_publisher: row.id,
    issuer: row.issuer,
    repository: row.repository,
    workflow: row.workflow,
    environment: row.environment,
  };
}

/** `GET /publishers/{id}/trusted-publishers`: owners and admins, as for tokens. */
export async function listTrustedPublishers(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
): Promise<TrustedPublisherEntry[]> {
  await requirePublisherRead(ctx.db, viewer, publisherId, 'manage-tokens');
  return (await listTrustedPublishersOf(ctx.db, publisherId)).map(entry);
}

/** Reads the form: repository `owner/name`, a workflow file (a bare name means `.github/workflows/<name>`). */
function normalizeInput(ctx: AppContext, input: TrustedPublisherInput) {
  const { issuer } = oidcSettings(ctx);
  const asked = (input.issuer ?? '').trim().replace(/\/+$/, '');
  if (asked !== '' && asked !== issuer) {
    throw withCode(
      badRequest('This registry does not accept identity tokens from that issuer', `the issuer is ${issuer}`),
      'trusted_publisher.issuer',
      { issuer },
    );
  }
  const workflow = input.workflow.trim();
  return {
    issuer,
    repository: input.repository.trim().toLowerCase(),
    workflow: workflow.includes('/') ? workflow : `${WORKFLOWS_DIR}${workflow}`,
    environment: (input.environment ?? '').trim().toLowerCase(),
  };
}

/** `POST /publishers/{id}/trusted-publishers`: owners and admins; 409 for the same one twice. */
export async function addTrustedPublisher(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  input: TrustedPublisherInput,
): Promise<TrustedPublisherEntry> {
  await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-tokens');
  const fields = normalizeInput(ctx, input);
  if (!fields.workflow.startsWith(WORKFLOWS_DIR) || fields.workflow.slice(WORKFLOWS_DIR.length).includes('/')) {
    throw withCode(
      badRequest('The workflow must be a file in .github/workflows/', `got ${fields.workflow}`),
      'trusted_publisher.workflow',
    );
  }
  const existing = await listTrustedPublishersOf(ctx.db, publisherId);
  if (existing.length >= MAX_TRUSTED_PUBLISHERS) {
    throw withCode(
      conflict(`A publisher may have at most ${MAX_TRUSTED_PUBLISHERS} trusted publishers`),
      'trusted_publisher.limit',
      { max: MAX_TRUSTED_PUBLISHERS },
    );
  }
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await insertTrustedPublisher(trx, {
        id: newId(),
        publisher_id: publisherId,
        ...fields,
        created_by: viewer.id,
        created_at: new Date().toISOString(),
      });
      await audit(trx, {
        actor: viewer.id,
        action: 'publisher.trusted_publisher_add',
        targetType: 'publisher',
        targetId: publisherId,
        before: null,
        after: identityOf(inserted),
      });
      return inserted;
    });
    return entry(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw withCode(conflict('This trusted publisher is already registered'), 'trusted_publisher.exists');
  }
}

/** `DELETE /publishers/{id}/trusted-publishers/{tpId}`: owners and admins; its unused credentials stop working. */
export async function removeTrustedPublisher(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  id: string,
): Promise<void> {
  await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-tokens');
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const row = await deleteTrustedPublisherOf(trx, publisherId, id);
    if (row) {
      await audit(trx, {
        actor: viewer.id,
        action: 'publisher.trusted_publisher_remove',
        targetType: 'publisher',
        targetId: publisherId,
        before: identityOf(row),
        after: null,
      });
    }
    return row;
  });
  if (!removed) throw withCode(notFound('Trusted publisher not found'), 'trusted_publisher.not_found');
}

/** What an exchange answers: the one-version publish credential and when it stops working. */
export interface ExchangedGrant {
  personal_access_token: string;
  expires_at: string;
  publisher_id: string;
}

/**
 * `POST /publishers/{id}/trusted-publishers/exchange`: a CI job's identity token becomes a
 * credential that publishes one version of this publisher's packs, once, within minutes. The
 * token is verified (oidc.ts), matched against the publisher's trusted publishers (claims.ts),
 * and remembered by its `jti` until it expires so it is never exchanged twice. Only the
 * credential's hash is stored. A refused token writes nothing.
 */
export async function exchangeIdentityToken(
  ctx: AppContext,
  publisherId: string,
  token: string,
  clientAddress: string,
): Promise<ExchangedGrant> {
  await requireExchangeAllowed(ctx, clientAddress);
  try {
    return await exchange(ctx, publisherId, token);
  } catch (error) {
    // A refusal (bad, foreign, replayed or unmatched token; unknown or banned publisher) counts
    // against the address; an issuer that cannot be reached (503) is not the caller's doing.
    if (error instanceof HttpError && error.statusCode < 500) await recordRefusedExchange(ctx, clientAddress);
    throw error;
  }
}

async function exchange(ctx: AppContext, publisherId: string, token: string): Promise<ExchangedGrant> {
  const { publisher } = await loadPublisherAccess(ctx.db, null, publisherId);
  if (publisher.status === 'PublisherStatusBanned') {
    throw withCode(
      forbidden('Publisher Banned', `publisher ${publisherId} is banned and cannot publish`),
      'publisher.banned',
      { publisherId },
    );
  }
  const settings = oidcSettings(ctx);
  const payload = await verifyIdentityToken(token, settings);
  const claims = actionsClaims(payload);
  const candidates = (await listTrustedPublishersOf(ctx.db, publisherId)).filter((tp) => tp.issuer === settings.issuer);
  const trusted = candidates.find((tp) => matches(tp, claims));
  if (!trusted) {
    const workflow = claims.workflowRefs[0] ?? '';
    throw withCode(
      forbidden(
        'No trusted publisher of this publisher matches the identity token',
        `repository ${claims.repository || '(none)'}, workflow ${workflow || '(none)'}` +
          (claims.environment ? `, environment ${claims.environment}` : ''),
      ),
      'oidc.no_match',
      { publisherId, repository: claims.repository, workflow },
    );
  }
  const now = new Date();
  const expiresAt = new Date(
    now.getTime() + ctx.config.trustedPublishing.TRUSTED_PUBLISHING_GRANT_SECONDS * 1000,
  ).toISOString();
  const grant = generateGrantSecret();
  // Both rows in one transaction: a replay refused by the `jti` record leaves no credential behind.
  await ctx.db.transaction().execute(async (trx) => {
    const tokenExpiry = new Date((payload.exp ?? 0) * 1000).toISOString();
    const first = await recordTokenUse(
      trx,
      tokenUseKey(settings.issuer, String(payload.jti)),
      tokenExpiry,
      now.toISOString(),
    );
    if (!first) {
      throw withCode(
        unauthorized('This identity token was already exchanged', 'request a new identity token for each publish'),
        'oidc.replayed',
      );
    }
    await insertGrant(
      trx,
      {
        id: newId(),
        token_hash: grant.hash,
        publisher_id: publisherId,
        trusted_publisher_id: trusted.id,
        provenance: provenanceJson(provenanceOf(settings.issuer, trusted, claims)),
        expires_at: expiresAt,
        used_at: null,
        created_at: now.toISOString(),
      },
      now,
    );
  });
  return { personal_access_token: grant.secret, expires_at: expiresAt, publisher_id: publisherId };
}
