/**
 * Largest request body on identity routes (32 KiB). Far above any real request, far below the
 * API's general limit: a megabyte "password" is refused with 413 before anything is parsed or
 * hashed.
 */
export const AUTH_BODY_LIMIT = 32 * 1024;
