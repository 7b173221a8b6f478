import type { Location, UserRole } from './auth.schema';
import { ADMIN_PATH, getDefaultLandingPath, SALES_REP_PATH, type Viewer } from '../routing/routing.rules';

/** What the client keeps about a session (doc 3 §3 "Shared client state", "Persisted in browser storage"). */
export interface StoredSession {
  authKey: string | null;
  currentRole: UserRole | null;
  activeLocation: Location | null;
}

/**
 * The default anonymous key (doc 1 §7, doc 3 §7: "a bearer authorization header carrying the stored
 * key (or a default anonymous key when signed out)"). It opens no session: public routes ignore it
 * and every other route answers 401 to it, as to no key.
 */
export const ANONYMOUS_AUTH_KEY = 'anonymous';

/** The bearer key a request carries: the stored key, else the default anonymous key. */
export function getBearerKey(authKey: string | null): string {
  return authKey && authKey.length > 0 ? authKey : ANONYMOUS_AUTH_KEY;
}

/** Signed in when an auth key is stored (doc 3 §4 "Session"). */
export function isSignedIn(session: Pick<StoredSession, 'authKey'>): boolean {
  return typeof session.authKey === 'string' && session.authKey.length > 0;
}

/** The viewer the route rules read: signed out without a key, the administrator by role, otherwise a member (doc 3 §2.1, §2.2). */
export function getViewer(session: StoredSession, isDesktop: boolean): Viewer {
  if (!isSignedIn(session)) return { kind: 'signed-out' };
  if (session.currentRole === 'admin') return { kind: 'admin' };
  return { kind: 'member', location: session.activeLocation, isDesktop };
}

/**
 * Where a successful sign-in lands: the administrator on /admin-login, a user of no location (a
 * sales rep) on its accounts, everyone else on the default place-order view (doc 3 §2.2, §4 "Sign-in").
 */
export function getSignInLandingPath(user: {
  currentRole: UserRole;
  activeLocation: Pick<Location, 'display_comparison_view'> | null;
}): string {
  if (user.currentRole === 'admin') return ADMIN_PATH;
  return user.activeLocation === null ? SALES_REP_PATH : getDefaultLandingPath(user.activeLocation);
}

// Keyed by role so adding a role to UserRole fails to compile until it is listed here.
const KNOWN_ROLES: Record<UserRole, true> = { member: true, admin: true };

/** Reads a role kept in browser storage; anything else reads as no role. */
export function parseStoredRole(value: string | null): UserRole | null {
  return value !== null && Object.hasOwn(KNOWN_ROLES, value) ? (value as UserRole) : null;
}

/** Whether the current user must be fetched on start: only signed-in non-administrators (doc 3 §4 "Session"). */
export function shouldFetchCurrentUser(session: Pick<StoredSession, 'authKey' | 'currentRole'>): boolean {
  return isSignedIn(session) && session.currentRole !== 'admin';
}
