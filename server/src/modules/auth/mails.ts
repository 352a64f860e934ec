import type { MailMessage } from '../../engines/mail/mailer.js';

/**
 * The identity e-mails. Links point at the web app (PUBLIC_WEB_URL), which completes the step
 * by calling the API; the paths are part of the contract with the web app (docs/identity.md).
 */

/** Web app page that confirms an address: calls `GET /api/auth/verify-email?token=`. */
export const VERIFY_EMAIL_PATH = '/auth/verify-email';
/** Web app page that asks for a new password: calls `POST /api/auth/reset-password`. */
export const RESET_PASSWORD_PATH = '/auth/reset-password';
/** Web app sign-in page. */
export const SIGN_IN_PATH = '/auth/login';

/** A link into the web app carrying a token. */
export function webLink(webUrl: string, path: string, token?: string): string {
  const url = new URL(`${webUrl.replace(/\/+$/, '')}${path}`);
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Carries the page the person started from into a confirmation link: better-auth's own link
 * (`betterAuthUrl`) holds the `callbackURL` the web app sent, and when that is a page of the web
 * app with a same-site `fromUrl` path, the mailed link gets the same `fromUrl`. Anything else
 * (another origin, a full URL, `//host`) is dropped, so a link never sends anyone off the site.
 */
export function withReturnPath(link: string, betterAuthUrl: string, webUrl: string): string {
  let callback: URL;
  try {
    const raw = new URL(betterAuthUrl).searchParams.get('callbackURL');
    if (!raw) return link;
    callback = new URL(raw);
  } catch {
    return link;
  }
  if (callback.origin !== new URL(webUrl).origin) return link;
  const from = callback.searchParams.get('fromUrl');
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return link;
  const url = new URL(link);
  url.searchParams.set('fromUrl', from);
  return url.toString();
}

function greeting(name: string): string {
  return name.trim() ? `Hello ${name.trim()},` : 'Hello,';
}

/** Asks the owner of a new account to confirm the address. */
export function verificationMail(to: string, name: string, link: string, validHours: number): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address for Comfy Registry',
    text: `${greeting(name)}

please confirm your e-mail address for Comfy Registry by opening this link:

${link}

The link works for ${validHours} hour${validHours === 1 ? '' : 's'}. If you did not create an account, ignore this message.
`,
  };
}

/** Carries a single-use password-reset link. */
export function resetPasswordMail(to: string, name: string, link: string, validHours: number): MailMessage {
  return {
    to,
    subject: 'Reset your Comfy Registry password',
    text: `${greeting(name)}

someone (hopefully you) asked to reset the password of your Comfy Registry account. Choose a new password here:

${link}

The link works once, for ${validHours} hour${validHours === 1 ? '' : 's'}. If you did not ask for this, ignore this message: your password stays as it is.
`,
  };
}

/** Tells an account owner that someone tried to sign up again with their address. */
export function existingAccountMail(to: string, name: string, signInLink: string): MailMessage {
  return {
    to,
    subject: 'You already have a Comfy Registry account',
    text: `${greeting(name)}

someone tried to create a Comfy Registry account with this e-mail address, but an account already exists for it. If that was you, sign in here (or use "Forgot password" there):

${signInLink}

If it was not you, ignore this message: nothing has changed.
`,
  };
}
