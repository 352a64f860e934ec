import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the web build keeps its router's paths (web/src/app/route-paths.ts writes it). */
export const ROUTES_FILE = '.routes.json';

/** Tells whether a request path is one the web app's router answers. */
export type AppRouteMatcher = (pathname: string) => boolean;

/**
 * One pattern's segments: a literal (lower case) or any single non-empty segment (`:name`), and
 * whether it ends in `*` (React Router's splat: one or more further segments, a file's path).
 */
interface Pattern {
  segments: (string | null)[];
  splat: boolean;
}

function compile(pattern: string): Pattern {
  const parts = pattern.split('/').filter((segment) => segment !== '');
  const splat = parts[parts.length - 1] === '*';
  return {
    segments: (splat ? parts.slice(0, -1) : parts).map((segment) =>
      segment.startsWith(':') ? null : segment.toLowerCase(),
    ),
    splat,
  };
}

/**
 * The matcher of the build's route list, or undefined for a build without one (an older build:
 * every path is then served as the app, as before). Like the client router, literal segments
 * match without regard to case and one trailing slash is allowed.
 */
export function readAppRoutes(webRoot: string): AppRouteMatcher | undefined {
  const file = path.join(webRoot, ROUTES_FILE);
  if (!existsSync(file)) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) return undefined;
  const patterns = (list as string[]).map(compile);
  return (pathname) => {
    const segments = pathname.replace(/\/$/, '').split('/').slice(1);
    if (segments.some((segment) => segment === '')) return false;
    return patterns.some(
      ({ segments: pattern, splat }) =>
        (splat ? segments.length > pattern.length : pattern.length === segments.length) &&
        pattern.every((literal, i) => literal === null || literal === segments[i]?.toLowerCase()),
    );
  };
}
