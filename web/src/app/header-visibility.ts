/** Prefixes whose pages are shown without the header (sign-in screens and framework paths). */
const hiddenPattern = /^\/(auth|api|_error|_app|_document)/;

/** Whether the header is hidden: on login, signup, and any path starting with /auth, /api, /_error, /_app or /_document. */
export function isHeaderHidden(pathname: string): boolean {
  return pathname === '/auth/login' || pathname === '/auth/signup' || hiddenPattern.test(pathname);
}
