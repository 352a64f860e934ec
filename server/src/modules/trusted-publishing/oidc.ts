import { createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify } from 'jose';
import { badRequest, type HttpError, serviceUnavailable, unauthorized, withCode } from '../../lib/errors.js';

/** What verifying an identity token needs: the configured issuer and audience, and a time limit. */
export interface OidcSettings {
  issuer: string;
  audience: string;
  timeoutMs: number;
}

/** How long an issuer's discovery document is kept before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/** Seconds of clock difference between the issuer and this server that `exp`/`nbf` forgive. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** Signature algorithms accepted (GitHub Actions signs with RS256); never `none` or HMAC. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];

interface IssuerKeys {
  keys: ReturnType<typeof createRemoteJWKSet>;
  readAt: number;
}

/**
 * The key sets of the issuers this process trusts, by issuer URL: the discovery document names
 * the JWKS address, and jose keeps the keys (reading them again at most every 30 seconds when a
 * token names a key id it has not seen, so a rotated key is picked up).
 */
const issuers = new Map<string, Promise<IssuerKeys>>();

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

async function issuerKeys(settings: OidcSettings): Promise<IssuerKeys> {
  const key = trimSlash(settings.issuer);
  const cached = issuers.get(key);
  if (cached) {
    const found = await cached.catch(() => undefined);
    if (found && Date.now() - found.readAt < DISCOVERY_TTL_MS) return found;
  }
  const loading = discover(key, settings.timeoutMs);
  issuers.set(key, loading);
  // A failed read is not kept: the next exchange tries again.
  loading.catch(() => issuers.delete(key));
  return loading;
}

/** Reads `/.well-known/openid-configuration` of the configured issuer (never of the token's own `iss`). */
async function discover(issuer: string, timeoutMs: number): Promise<IssuerKeys> {
  let document: { issuer?: unknown; jwks_uri?: unknown };
  try {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    document = (await response.json()) as typeof document;
  } catch (error) {
    throw issuerUnavailable(issuer, error instanceof Error ? error.message : String(error));
  }
  if (typeof document.jwks_uri !== 'string' || trimSlash(String(document.issuer)) !== issuer) {
    throw issuerUnavailable(issuer, 'its discovery document names another issuer or no jwks_uri');
  }
  let jwksUrl: URL;
  try {
    jwksUrl = new URL(document.jwks_uri);
  } catch {
    throw issuerUnavailable(issuer, 'its jwks_uri is not a URL');
  }
  return { keys: createRemoteJWKSet(jwksUrl, { timeoutDuration: timeoutMs }), readAt: Date.now() };
}

function issuerUnavailable(issuer: string, why: string): HttpError {
  return withCode(
    serviceUnavailable('The identity token issuer cannot be reached', `${issuer}: ${why}`),
    'oidc.issuer_unavailable',
    { issuer },
  );
}

const refused = (code: string, message: string, detail: string, params: Record<string, string> = {}) =>
  withCode(unauthorized(message, detail), code, params);

/**
 * Verifies a CI job's identity token: its issuer is the configured one (checked before anything
 * is fetched), its signature is by a key the issuer publishes (matched by key id), its audience
 * is this registry's, it is within its validity window, and it carries a `jti`. Answers the
 * claims, or throws a 4xx saying what was wrong (503 when the issuer cannot be reached).
 */
export async function verifyIdentityToken(token: string, settings: OidcSettings): Promise<JWTPayload> {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(token);
  } catch {
    throw withCode(badRequest('The identity token is not a JWT'), 'oidc.malformed');
  }
  const issuer = trimSlash(settings.issuer);
  if (typeof unverified.iss !== 'string' || trimSlash(unverified.iss) !== issuer) {
    throw refused(
      'oidc.wrong_issuer',
      'The identity token is from an issuer this registry does not trust',
      `expected ${issuer}, got ${String(unverified.iss ?? 'none')}`,
      { issuer },
    );
  }
  const { keys } = await issuerKeys(settings);
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: unverified.iss,
      audience: settings.audience,
      algorithms: ALGORITHMS,
      requiredClaims: ['exp', 'iat', 'jti'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    return payload;
  } catch (error) {
    throw verificationError(error, issuer, settings.audience);
  }
}

function verificationError(error: unknown, issuer: string, audience: string): HttpError {
  if (error instanceof errors.JWTExpired) {
    return refused('oidc.expired', 'The identity token has expired', 'request a new one from the CI job');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') {
      return refused(
        'oidc.wrong_audience',
        'The identity token is for another audience',
        `request it with the audience ${audience}`,
        { audience },
      );
    }
    if (error.claim === 'nbf' || error.claim === 'iat') {
      return refused('oidc.not_yet_valid', 'The identity token is not valid yet', error.message);
    }
    return refused('oidc.missing_claim', 'The identity token lacks a claim it needs', error.message, {
      claim: error.claim,
    });
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return refused('oidc.unknown_key', 'The identity token is signed by a key the issuer does not publish', '');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JOSEAlgNotAllowed) {
    return refused('oidc.bad_signature', "The identity token's signature does not verify", '');
  }
  if (
    error instanceof errors.JOSEError &&
    !(error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
  ) {
    return withCode(badRequest('The identity token is not a valid JWT', error.message), 'oidc.malformed');
  }
  // The keys could not be read (timeout, network, not a key set): the issuer's side, not the token's.
  return issuerUnavailable(issuer, error instanceof Error ? error.message : String(error));
}
