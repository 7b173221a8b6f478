import { create } from 'zustand';
import { parseStoredRole, type CurrentUser, type Location, type SignedInUser, type StoredSession } from '@stockpot/domain';
import { readJson, readText, STORAGE_KEYS, writeJson, writeText } from './storage';

/** The user's profile, held in memory only: it is refetched on start (doc 3 §4 "Session"). */
export type UserProfile = Pick<CurrentUser, 'id' | 'firstName' | 'lastName' | 'email' | 'title' | 'editComparisonView'>;

export interface SessionState extends StoredSession {
  locations: Location[];
  /** Persisted beside the spec's keys because the location switch (PUT users/{id}) needs it before the profile loads. */
  userId: number | null;
  profile: UserProfile | null;
  /** Last place-order view the user opened (doc 1 §2 routing rules); validated by resolvePlaceOrderView on read. */
  placeOrderView: string | null;
}

interface SessionActions {
  signIn: (user: SignedInUser) => void;
  applyCurrentUser: (user: CurrentUser) => void;
  setPlaceOrderView: (view: string) => void;
  reset: () => void;
}

const EMPTY_SESSION: SessionState = {
  authKey: null,
  currentRole: null,
  activeLocation: null,
  locations: [],
  userId: null,
  profile: null,
  placeOrderView: null,
};

function toProfile(user: CurrentUser): UserProfile {
  const { id, firstName, lastName, email, title, editComparisonView } = user;
  return { id, firstName, lastName, email, title, editComparisonView };
}

/** Reads the persisted session; anything missing or malformed reads as signed out. */
export function readStoredSession(): SessionState {
  const locations = readJson<Location[]>(STORAGE_KEYS.locations);
  const userId = Number(readText(STORAGE_KEYS.userId));
  return {
    ...EMPTY_SESSION,
    authKey: readText(STORAGE_KEYS.authKey),
    currentRole: parseStoredRole(readText(STORAGE_KEYS.currentRole)),
    activeLocation: readJson<Location>(STORAGE_KEYS.activeLocation),
    locations: Array.isArray(locations) ? locations : [],
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    placeOrderView: readText(STORAGE_KEYS.placeOrderView),
  };
}

/**
 * The stored value when the fresh one says the same: the start-up refresh of the current user mostly
 * repeats what storage held, and a new object would re-render every row and link that reads it.
 */
function sameOr<T>(previous: T, next: T): T {
  return JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}

function fromUser(user: CurrentUser, previous: SessionState): Partial<SessionState> {
  return {
    currentRole: user.currentRole,
    activeLocation: sameOr(previous.activeLocation, user.activeLocation),
    locations: sameOr(previous.locations, user.locations),
    userId: user.id,
    profile: toProfile(user),
  };
}

export const useSession = create<SessionState & SessionActions>()((set) => ({
  ...readStoredSession(),
  signIn: (user) => set((state) => ({ ...fromUser(user, state), authKey: user.authKey })),
  applyCurrentUser: (user) => set((state) => fromUser(user, state)),
  setPlaceOrderView: (view) => set({ placeOrderView: view }),
  reset: () => set(EMPTY_SESSION),
}));

/** Re-reads storage into the store, as on a fresh start (used by tests that seed storage). */
export function reloadSessionFromStorage(): void {
  useSession.setState(readStoredSession());
}

export function getAuthKey(): string | null {
  return useSession.getState().authKey;
}

/** The location this tab shows (held in memory per tab; storage only seeds a new tab). */
export function getActiveLocationId(): number | null {
  return useSession.getState().activeLocation?.id ?? null;
}

// Mirror each persisted field to its own key whenever it changes.
useSession.subscribe((state, previous) => {
  if (state.authKey !== previous.authKey) writeText(STORAGE_KEYS.authKey, state.authKey);
  if (state.currentRole !== previous.currentRole) writeText(STORAGE_KEYS.currentRole, state.currentRole);
  if (state.activeLocation !== previous.activeLocation) writeJson(STORAGE_KEYS.activeLocation, state.activeLocation);
  if (state.locations !== previous.locations) writeJson(STORAGE_KEYS.locations, state.locations.length ? state.locations : null);
  if (state.userId !== previous.userId) writeText(STORAGE_KEYS.userId, state.userId === null ? null : String(state.userId));
  if (state.placeOrderView !== previous.placeOrderView) writeText(STORAGE_KEYS.placeOrderView, state.placeOrderView);
});
