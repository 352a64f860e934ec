import type { AuthUser, SessionPayload } from '../api/types';

/** The session's account mapped to the fields the app shows. */
export function toAuthUser(session: SessionPayload | undefined): AuthUser | null {
  if (!session?.user) return null;
  const { user } = session;
  return { uid: user.id, email: user.email, displayName: user.name || null, photoURL: user.image || null };
}
