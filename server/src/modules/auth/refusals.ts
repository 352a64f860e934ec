import { forbidden, type HttpError, withCode } from '../../lib/errors.js';

/**
 * The access refusals every signed-in action can meet, with the public registry's words (clients
 * match on the messages) and the stable codes of docs/api-errors.md (clients translate those).
 */

/** 403 `user/publisher is banned`: the caller's own account is banned. */
export function accountBanned(detail = ''): HttpError {
  return withCode(forbidden('user/publisher is banned', detail), 'access.user_banned');
}

/** 403 `user/publisher is banned`: the publisher is banned, and only admins may still change it. */
export function publisherBannedForWrite(publisherId: string): HttpError {
  return withCode(
    forbidden('user/publisher is banned', `publisher ${publisherId} is banned`),
    'access.publisher_banned',
    {
      publisherId,
    },
  );
}

/** 403 `Permission denied`: the caller's role in the publisher does not allow the action. */
export function permissionDenied(publisherId: string, detail = ''): HttpError {
  return withCode(forbidden('Permission denied', detail), 'access.denied', { publisherId });
}

/** 403 `User is not admin`. */
export function notAdmin(): HttpError {
  return withCode(forbidden('User is not admin'), 'access.not_admin');
}
