/**
 * Who is using the app: loading, signed in (with the user), or signed out (perhaps as a guest).
 * The signed-in user is cached in Dexie under 'auth-me', so after one sign-in the app opens
 * offline: GET /api/auth/user failing on the network keeps the cache, a 401 signs out. A guest's
 * choice is remembered locally too ('auth-guest'), so a guest goes straight to Play.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AuthUser, LoginRequest, RbacMe, RegisterRequest } from '../../schema';
import { ApiError, NetworkError, request, requestJson } from './api';
import { db } from './db';

/** The schemas load with the first answer or cached value to check: a first visit needs none to paint (issue 20). */
const loadSchemas = () => import('../../schema');

export const AUTH_CACHE_KEY = 'auth-me';
export const GUEST_KEY = 'auth-guest';
export const RBAC_CACHE_KEY = 'rbac-me';
/** A Log Out made offline: the server has not ended the session yet (sent when back online). */
export const PENDING_LOGOUT_KEY = 'auth-pending-logout';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedIn'; user: AuthUser }
  | { status: 'signedOut'; guest: boolean };

let state: AuthState = { status: 'loading' };
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState);
}

/** The signed-in user's id, or null for guests and signed-out visitors. */
export function currentUserId(): number | null {
  return state.status === 'signedIn' ? state.user.id : null;
}

async function readMeta(key: string): Promise<unknown> {
  try {
    return (await db.meta.get(key))?.value;
  } catch (error) {
    console.error(`Could not read ${key}.`, error);
    return undefined;
  }
}

async function writeMeta(key: string, value: unknown): Promise<void> {
  try {
    if (value === undefined) await db.meta.delete(key);
    else await db.meta.put({ key, value });
  } catch (error) {
    console.error(`Could not write ${key}.`, error);
  }
}

async function readCachedUser(): Promise<AuthUser | null> {
  const cached = await readMeta(AUTH_CACHE_KEY);
  if (cached === undefined) return null;
  const parsed = (await loadSchemas()).authUserSchema.safeParse(cached);
  return parsed.success ? parsed.data : null;
}

/** Login and register answer the user, bare or as `{ user }`. */
async function userFrom(body: unknown): Promise<AuthUser> {
  const candidate = body && typeof body === 'object' && 'user' in body ? body.user : body;
  return (await loadSchemas()).authUserSchema.parse(candidate);
}

/** Stores a freshly signed-in (or refreshed) user and makes it the state. */
export async function setSignedIn(user: AuthUser): Promise<void> {
  const previous = await readCachedUser();
  if (previous !== null && previous.id !== user.id) await forgetStoredPages();
  // Stored before it shows, so a reload right after sign-in (even offline) finds it.
  await writeMeta(AUTH_CACHE_KEY, user);
  setState({ status: 'signedIn', user });
}

async function setSignedOut(): Promise<void> {
  const guest = (await readMeta(GUEST_KEY)) === true;
  const hadAccount = (await readMeta(AUTH_CACHE_KEY)) !== undefined;
  setState({ status: 'signedOut', guest });
  await writeMeta(AUTH_CACHE_KEY, undefined);
  await writeMeta(RBAC_CACHE_KEY, undefined);
  // Only when an account's session ended: a guest's pages (lessons, tips) are nobody's secret.
  if (hadAccount) await forgetStoredPages();
}

/**
 * Forgets the server pages kept for offline visits (cached-page.ts) when an account leaves the
 * device: a school's Chromebooks are shared, and those pages hold a class's real names, a
 * child's progress, a parent's children. The next account fetches its own.
 */
async function forgetStoredPages(): Promise<void> {
  try {
    await db.cachedPages.clear();
  } catch (error) {
    console.error('Could not clear the stored pages.', error);
  }
}

/**
 * Asks the server who is signed in. No retry (spec). On the network failing or a 5xx the cached
 * state stands; a 401 (or an answer that is not a user) means signed out.
 */
export async function refreshUser(): Promise<void> {
  try {
    const response = await request('/api/auth/user');
    const body: unknown = await response.json().catch(() => null);
    const parsed = (await loadSchemas()).authUserSchema.safeParse(body);
    if (parsed.success) await setSignedIn(parsed.data);
    else await setSignedOut();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      await setSignedOut();
      return;
    }
    console.warn('Could not reach the server to check the session; using the cached sign-in.', error);
    if (state.status === 'loading') {
      const cached = await readCachedUser();
      if (cached) setState({ status: 'signedIn', user: cached });
      else setState({ status: 'signedOut', guest: (await readMeta(GUEST_KEY)) === true });
    }
  }
}

/**
 * Sends a Log Out made offline (POST /api/auth/logout ends the session the cookie names).
 * Answers whether one is still waiting (the network failed again).
 */
export async function flushPendingLogout(): Promise<boolean> {
  if ((await readMeta(PENDING_LOGOUT_KEY)) !== true) return false;
  try {
    await request('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    if (error instanceof NetworkError) return true;
    // Any answer from the server means there is no session left to end.
  }
  await writeMeta(PENDING_LOGOUT_KEY, undefined);
  return false;
}

let started: Promise<void> | null = null;

/** Starts once per page: shows the cached state at once (so offline opens fast), then asks the server. */
export function startAuth(): Promise<void> {
  started ??= (async () => {
    if (typeof window !== 'undefined') window.addEventListener('online', () => void flushPendingLogout());
    // A Log Out made offline goes first: the cookie must not sign the user back in below.
    if (await flushPendingLogout()) {
      await setSignedOut();
      return;
    }
    const [cached, guest] = await Promise.all([readCachedUser(), readMeta(GUEST_KEY)]);
    if (cached) setState({ status: 'signedIn', user: cached });
    else if (guest === true) setState({ status: 'signedOut', guest: true });
    await refreshUser();
  })();
  return started;
}

export async function login(credentials: LoginRequest): Promise<AuthUser> {
  const response = await request('/api/auth/login', { method: 'POST', body: credentials });
  // The sign-in ended the old session (rotation): nothing is left for a queued Log Out to end.
  await writeMeta(PENDING_LOGOUT_KEY, undefined);
  const user = await userFrom(await response.json());
  await setSignedIn(user);
  return user;
}

export async function register(details: RegisterRequest): Promise<AuthUser> {
  const response = await request('/api/auth/register', { method: 'POST', body: details });
  await writeMeta(PENDING_LOGOUT_KEY, undefined);
  const user = await userFrom(await response.json());
  await setSignedIn(user);
  return user;
}

/** 'Play as guest': remembered on this device, so the landing page does not come back. */
export async function continueAsGuest(): Promise<void> {
  await writeMeta(GUEST_KEY, true);
  setState({ status: 'signedOut', guest: true });
}

/**
 * Log Out: forgets the cached user on this device, then navigates to /api/logout (spec), which
 * ends the session on the server. Queued games stay in the outbox under their user's client id
 * and are pushed when that user signs in again. Offline, the Log Out is queued (the session is
 * ended on the server as soon as the app is back online, before anything else) and the app goes
 * to the sign-in page, which works offline.
 */
export async function logOut(): Promise<void> {
  await writeMeta(AUTH_CACHE_KEY, undefined);
  await writeMeta(RBAC_CACHE_KEY, undefined);
  await forgetStoredPages();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    await writeMeta(PENDING_LOGOUT_KEY, true);
    await setSignedOut();
    window.location.assign('/login');
    return;
  }
  window.location.assign('/api/logout');
}

/** POST /api/onboarding/complete: answers the user with the Elo rating the assessment set. */
export async function completeOnboarding(): Promise<AuthUser> {
  const response = await request('/api/onboarding/complete', { method: 'POST' });
  const body: unknown = await response.json().catch(() => null);
  const parsed = (await loadSchemas()).authUserSchema.safeParse(body && typeof body === 'object' && 'user' in body ? body.user : body);
  if (parsed.success) {
    await setSignedIn(parsed.data);
    return parsed.data;
  }
  // The answer is not a whole user: ask for it.
  await refreshUser();
  const now = getAuthState();
  if (now.status !== 'signedIn') throw new Error('Failed to complete onboarding');
  if (!now.user.onboardingCompleted) await setSignedIn({ ...now.user, onboardingCompleted: true });
  return now.user;
}

const RBAC_FRESH_MS = 5 * 60 * 1000;
const RBAC_RETRIES = 2;

export type RbacState = { status: 'loading' } | { status: 'ready'; rbac: RbacMe } | { status: 'error'; message: string };

/**
 * GET /api/rbac/me (spec): not retried on 401, otherwise up to 2 retries; fresh for 5 minutes;
 * refetched on window focus. Cached in Dexie so the navigation stays right offline.
 */
export function useRbac(userId: number | null): RbacState {
  const [rbac, setRbac] = useState<RbacState>({ status: 'loading' });

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    let fetchedAt = 0;
    const load = async (force: boolean) => {
      if (!force && Date.now() - fetchedAt < RBAC_FRESH_MS) return;
      for (let attempt = 0; attempt <= RBAC_RETRIES; attempt++) {
        try {
          const fresh = await requestJson('/api/rbac/me', (await loadSchemas()).rbacMeSchema);
          fetchedAt = Date.now();
          if (live) setRbac({ status: 'ready', rbac: fresh });
          await writeMeta(RBAC_CACHE_KEY, { userId, rbac: fresh });
          return;
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) {
            if (live) setRbac({ status: 'error', message: 'Not authenticated' });
            return;
          }
          if (error instanceof NetworkError) break; // offline: the cache stands
        }
      }
      if (live) setRbac((current) => (current.status === 'ready' ? current : { status: 'error', message: 'Failed to fetch permissions' }));
    };
    void readMeta(RBAC_CACHE_KEY).then(async (cached) => {
      const { rbacMeSchema } = await loadSchemas();
      const parsed = rbacMeSchema.safeParse(cached && typeof cached === 'object' && 'rbac' in cached && 'userId' in cached && cached.userId === userId ? cached.rbac : null);
      if (live && parsed.success) setRbac({ status: 'ready', rbac: parsed.data });
      void load(true);
    });
    const onFocus = () => void load(false);
    window.addEventListener('focus', onFocus);
    return () => {
      live = false;
      window.removeEventListener('focus', onFocus);
    };
  }, [userId]);

  return userId === null ? { status: 'loading' } : rbac;
}
