import { Type } from 'typebox';
import { AUTH_ERRORS } from './errors.js';

/** Longest URL accepted in a callback or image field. */
const URL_MAX = 2048;

/** The error answer of every identity endpoint. */
export const AuthErrorResponse = Type.Object(
  {
    code: Type.Union(
      Object.keys(AUTH_ERRORS).map((c) => Type.Literal(c)),
      { description: 'Stable code the web app translates; see docs/identity.md.' },
    ),
    message: Type.String({ description: 'English explanation.' }),
    rule: Type.Optional(
      Type.Union(
        ['minLength', 'maxLength', 'lowercase', 'uppercase', 'numeric', 'nonAlphanumeric', 'whitespace', 'common'].map(
          (r) => Type.Literal(r),
        ),
        { description: 'With WEAK_PASSWORD: the password rule that failed.' },
      ),
    ),
  },
  { title: 'AuthErrorResponse' },
);

/** Response map entries for the error statuses an identity route can answer with. */
export function authErrors<const C extends readonly number[]>(
  ...codes: C
): { [K in C[number]]: typeof AuthErrorResponse } {
  return Object.fromEntries(codes.map((c) => [c, AuthErrorResponse])) as { [K in C[number]]: typeof AuthErrorResponse };
}

const CallbackUrl = Type.String({ maxLength: URL_MAX, description: 'Absolute URL of the web app to return to.' });

/** An account as better-auth returns it. */
export const AuthUser = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    image: Type.Union([Type.String(), Type.Null()]),
    emailVerified: Type.Boolean(),
    isAdmin: Type.Boolean(),
    isApproved: Type.Boolean(),
    status: Type.String({ description: '`ACTIVE` or `BANNED`.' }),
    twoFactorEnabled: Type.Optional(
      Type.Union([Type.Boolean(), Type.Null()], { description: 'Whether sign-in asks for a second factor.' }),
    ),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'AuthUser', additionalProperties: true },
);

/** A sign-in session as better-auth returns it (its token is also the cookie's value). */
export const AuthSession = Type.Object(
  {
    id: Type.String(),
    userId: Type.String(),
    token: Type.String(),
    expiresAt: Type.String({ format: 'date-time' }),
    ipAddress: Type.Union([Type.String(), Type.Null()]),
    userAgent: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'AuthSession', additionalProperties: true },
);

export const SignUpBody = Type.Object(
  {
    email: Type.String(),
    password: Type.String(),
    name: Type.String({ maxLength: 100 }),
    image: Type.Optional(Type.String({ maxLength: URL_MAX, pattern: '^https?://' })),
    callbackURL: Type.Optional(CallbackUrl),
    rememberMe: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const SignInBody = Type.Object(
  {
    email: Type.String(),
    password: Type.String({ minLength: 1 }),
    callbackURL: Type.Optional(CallbackUrl),
    rememberMe: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const federatedFields = {
  callbackURL: Type.Optional(CallbackUrl),
  errorCallbackURL: Type.Optional(CallbackUrl),
  newUserCallbackURL: Type.Optional(CallbackUrl),
  disableRedirect: Type.Optional(Type.Boolean()),
  requestSignUp: Type.Optional(Type.Boolean()),
};

export const SocialSignInBody = Type.Object(
  { provider: Type.String({ minLength: 1, maxLength: 64 }), ...federatedFields },
  { additionalProperties: false },
);

export const OAuth2SignInBody = Type.Object(
  { providerId: Type.String({ minLength: 1, maxLength: 64 }), ...federatedFields },
  { additionalProperties: false },
);

/** Answer of a federated sign-in start: the provider page to open. */
export const RedirectResponse = Type.Object(
  { url: Type.String(), redirect: Type.Boolean() },
  { title: 'AuthRedirect', additionalProperties: true },
);

/** Signed in: the session cookie is set. */
export const SignedInResponse = Type.Object(
  {
    redirect: Type.Boolean(),
    token: Type.String(),
    url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    user: AuthUser,
  },
  { title: 'SignedInResponse', additionalProperties: true },
);

/** The password was right but the account has two-factor sign-in: no session yet. */
export const TwoFactorRequiredResponse = Type.Object(
  {
    twoFactorRedirect: Type.Literal(true),
    twoFactorMethods: Type.Array(Type.String(), { description: '`totp` when an authenticator app is set up.' }),
  },
  { title: 'TwoFactorRequiredResponse', additionalProperties: false },
);

export const SignInResponse = Type.Union([SignedInResponse, TwoFactorRequiredResponse], {
  title: 'SignInResponse',
  description:
    'Either the session cookie is set, or (`twoFactorRedirect`) a short-lived two-factor cookie is set and the sign-in finishes with `POST /api/auth/two-factor/verify-totp` or `verify-backup-code`.',
});

export const PasswordBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);

export const TwoFactorCodeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 64, description: 'The 6-digit code, or a recovery code.' }) },
  { additionalProperties: false },
);

export const TwoFactorEnableResponse = Type.Object(
  {
    totpURI: Type.String({ description: '`otpauth://` URI for the authenticator app (holds the secret).' }),
    backupCodes: Type.Array(Type.String(), { description: 'Recovery codes, shown once.' }),
  },
  { title: 'TwoFactorEnableResponse', additionalProperties: true },
);

export const TwoFactorVerifiedResponse = Type.Object(
  { token: Type.Union([Type.String(), Type.Null()]), user: AuthUser },
  { title: 'TwoFactorVerifiedResponse', additionalProperties: true },
);

export const RecoveryCodesResponse = Type.Object(
  { status: Type.Boolean(), backupCodes: Type.Array(Type.String()) },
  { title: 'RecoveryCodesResponse', additionalProperties: true },
);

export const SignUpResponse = Type.Object(
  {
    token: Type.Union([Type.String(), Type.Null()], {
      description: 'Null when the address must be confirmed first (no session yet).',
    }),
    user: AuthUser,
  },
  { title: 'SignUpResponse', additionalProperties: true },
);

export const SessionResponse = Type.Union([Type.Object({ session: AuthSession, user: AuthUser }), Type.Null()], {
  title: 'SessionResponse',
});

export const ChangePasswordResponse = Type.Object(
  {
    token: Type.Union([Type.String(), Type.Null()], { description: 'New session token when others were revoked.' }),
    user: AuthUser,
  },
  { title: 'ChangePasswordResponse', additionalProperties: true },
);

export const SignOutResponse = Type.Object({ success: Type.Boolean() }, { title: 'SignOutResponse' });

export const StatusResponse = Type.Object(
  { status: Type.Boolean(), message: Type.Optional(Type.String()) },
  { title: 'AuthStatus', additionalProperties: true },
);

export const EmailBody = Type.Object(
  { email: Type.String(), callbackURL: Type.Optional(CallbackUrl) },
  { additionalProperties: false },
);

export const RequestResetBody = Type.Object(
  { email: Type.String(), redirectTo: Type.Optional(CallbackUrl) },
  { additionalProperties: false },
);

export const ResetPasswordBody = Type.Object(
  { newPassword: Type.String(), token: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false },
);

export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1 }),
    newPassword: Type.String(),
    revokeOtherSessions: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ChangeEmailBody = Type.Object(
  { newEmail: Type.String(), callbackURL: Type.Optional(CallbackUrl) },
  { additionalProperties: false },
);

export const DeleteUserBody = Type.Object(
  {
    password: Type.Optional(Type.String({ minLength: 1, description: 'Required for accounts that have a password.' })),
  },
  { additionalProperties: false },
);

export const DeleteUserResponse = Type.Object(
  { success: Type.Boolean(), message: Type.String() },
  { title: 'DeleteUserResponse', additionalProperties: true },
);

export const UpdateUserBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    image: Type.Optional(Type.Union([Type.String({ maxLength: URL_MAX, pattern: '^https?://' }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const VerifyEmailQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4096 }), callbackURL: Type.Optional(CallbackUrl) },
  { additionalProperties: false },
);
