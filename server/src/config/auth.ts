import { type Static, Type } from 'typebox';
import type { ConfigProblem } from './read.js';

/** Longest password ever accepted, whatever the policy says: bounds the work of hashing. */
export const PASSWORD_HARD_MAX_LENGTH = 4096;

const flag = (description: string) => Type.Boolean({ default: false, description });
const positive = (defaultValue: number, description: string, minimum = 1) =>
  Type.Integer({ default: defaultValue, minimum, description });

/** Accounts, sign-in, sessions, identity tokens, password policy and sign-in rate limits. */
export const authSchema = Type.Object({
  AUTH_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'Secret that signs session cookies and e-mail links and encrypts the identity-token signing keys and OAuth tokens in the database (32+ characters). When unset, one is generated once and kept in `DATA_DIR/auth-secret`; every instance of a multi-instance deployment needs the same value.',
    }),
  ),
  EMAIL_VERIFICATION_REQUIRED: Type.Boolean({
    default: true,
    description: 'Accounts made with e-mail and password must confirm their address before they can sign in.',
  }),
  PASSWORD_MIN_LENGTH: Type.Integer({
    default: 6,
    minimum: 1,
    maximum: PASSWORD_HARD_MAX_LENGTH,
    description: 'Shortest password accepted, in characters.',
  }),
  PASSWORD_MAX_LENGTH: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: PASSWORD_HARD_MAX_LENGTH,
      description: `Longest password accepted; unset means no policy maximum (${PASSWORD_HARD_MAX_LENGTH} is the hard limit).`,
    }),
  ),
  PASSWORD_REQUIRE_LOWERCASE: flag('Passwords must contain a lower-case letter.'),
  PASSWORD_REQUIRE_UPPERCASE: flag('Passwords must contain an upper-case letter.'),
  PASSWORD_REQUIRE_NUMERIC: flag('Passwords must contain a digit.'),
  PASSWORD_REQUIRE_NON_ALPHANUMERIC: flag('Passwords must contain a character that is neither letter nor digit.'),
  GITHUB_CLIENT_ID: Type.Optional(Type.String({ description: 'GitHub OAuth app client id: enables GitHub sign-in.' })),
  GITHUB_CLIENT_SECRET: Type.Optional(Type.String({ description: 'GitHub OAuth app client secret.' })),
  GOOGLE_CLIENT_ID: Type.Optional(Type.String({ description: 'Google OAuth client id: enables Google sign-in.' })),
  GOOGLE_CLIENT_SECRET: Type.Optional(Type.String({ description: 'Google OAuth client secret.' })),
  OIDC_ISSUER: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'Issuer URL of an OpenID Connect provider (Keycloak, Authentik, ...); its discovery document is read from `/.well-known/openid-configuration`.',
    }),
  ),
  OIDC_CLIENT_ID: Type.Optional(Type.String({ description: 'Client id registered at the OpenID Connect provider.' })),
  OIDC_CLIENT_SECRET: Type.Optional(Type.String({ description: 'Client secret registered at the provider.' })),
  OIDC_NAME: Type.String({ default: 'OpenID Connect', description: 'Name the sign-in button shows for it.' }),
  OIDC_SCOPES: Type.String({ default: 'openid email profile', description: 'Space-separated scopes to request.' }),
  ADMIN_EMAILS: Type.String({
    default: '',
    description: 'Comma-separated e-mail addresses promoted to admin when they sign in with that address verified.',
  }),
  IDENTITY_TOKEN_TTL_SECONDS: Type.Integer({
    default: 3600,
    minimum: 1,
    maximum: 86_400,
    description:
      'Lifetime of the identity tokens `GET /auth/token` issues; tokens claiming a longer lifetime are refused.',
  }),
  IDENTITY_KEY_ROTATION_SECONDS: positive(
    2_592_000,
    'How long one identity-token signing key signs before a new one takes over; the old key keeps verifying until its tokens expire, then is removed.',
    300,
  ),
  SESSION_TTL_SECONDS: positive(604_800, 'Lifetime of a sign-in session (the cookie), renewed daily while used.', 60),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positive(900, 'Window the sign-in, sign-up and e-mail limits below count in.'),
  AUTH_RATE_LIMIT_SIGN_IN_PER_IP: positive(
    500,
    'Sign-in attempts per client address per window, all accounts together (everyone behind one proxy or NAT shares it).',
  ),
  AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT_AND_IP: positive(
    20,
    'Sign-in attempts for one account from one client address per window.',
  ),
  AUTH_RATE_LIMIT_SIGN_UP_PER_IP: positive(10, 'Sign-ups per client address per window.'),
  AUTH_RATE_LIMIT_EMAIL_PER_IP: positive(10, 'Reset and verification e-mail requests per client address per window.'),
  AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: positive(
    5,
    'Sign-ups, reset and verification e-mails per e-mail address per window.',
  ),
  AUTH_RATE_LIMIT_OTHER_PER_IP: positive(300, 'Other identity requests (sign-out, password change, ...) per address.'),
  AUTH_LOCKOUT_THRESHOLD: positive(5, 'Failed sign-ins for one account from one address before backoff starts.'),
  AUTH_LOCKOUT_MAX_SECONDS: positive(900, 'Longest backoff after repeated failed sign-ins (it doubles up to this).'),
  AUTH_ACCOUNT_FAILURES_PER_WINDOW: positive(
    100,
    'Failed sign-ins for one account from all addresses per window; beyond it only addresses that signed in before may try.',
  ),
});

/** The validated identity settings. */
export type AuthConfig = Static<typeof authSchema>;

/** Settings of this concern that are wrong only together. */
export function authProblems(auth: AuthConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (auth.PASSWORD_MAX_LENGTH !== undefined && auth.PASSWORD_MAX_LENGTH < auth.PASSWORD_MIN_LENGTH) {
    problems.push({ variable: 'PASSWORD_MAX_LENGTH', message: 'must not be less than PASSWORD_MIN_LENGTH' });
  }
  const pairs: Array<[string, string | undefined, string, string | undefined]> = [
    ['GITHUB_CLIENT_ID', auth.GITHUB_CLIENT_ID, 'GITHUB_CLIENT_SECRET', auth.GITHUB_CLIENT_SECRET],
    ['GOOGLE_CLIENT_ID', auth.GOOGLE_CLIENT_ID, 'GOOGLE_CLIENT_SECRET', auth.GOOGLE_CLIENT_SECRET],
    ['OIDC_ISSUER', auth.OIDC_ISSUER, 'OIDC_CLIENT_ID', auth.OIDC_CLIENT_ID],
  ];
  for (const [nameA, a, nameB, b] of pairs) {
    if (a && !b) problems.push({ variable: nameB, message: `is required when ${nameA} is set` });
    if (b && !a) problems.push({ variable: nameA, message: `is required when ${nameB} is set` });
  }
  return problems;
}
