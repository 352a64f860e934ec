import type { components } from '../../../api/schema.gen';

type Schemas = components['schemas'];

/** `GET /auth/config`: enabled providers, password policy, whether e-mail must be verified. */
export type AuthConfig = Schemas['AuthConfig'];
/** A federated sign-in provider the server has enabled. */
export type AuthProvider = AuthConfig['providers'][number];
/** The server's password rules. */
export type PasswordPolicy = AuthConfig['passwordPolicy'];
/** `GET /api/auth/get-session`: the session and its account, or null when signed out. */
export type SessionPayload = { session: Schemas['AuthSession']; user: Schemas['AuthUser'] } | null;
/** `GET /users`: the signed-in account as the registry sees it. */
export type Profile = Schemas['User'];

/** The signed-in user as the app shows them. */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
}
