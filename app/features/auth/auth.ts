/**
 * Who is using the app: loading, signed in (with the user), or signed out (perhaps as a guest).
 * The signed-in user is cached in Dexie under 'auth-me', so after one sign-in the app opens
 * offline: GET /api/auth/user failing on the network keeps the cache, a 401 signs out. A guest's
 * choice is remembered locally too ('auth-guest'), so a guest goes straight to Play.
 *
 * Issue 26: when an account leaves (Log Out, or a session the server ended), everything its role
 * loaded onto the device goes with it (./account-data.ts, loaded only then).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { accountPaths, AuthUser, LoginRequest, RbacMe, RegisterRequest } from '../../../schema';
import { ApiError, NetworkError, request, requestJson } from '../../shared/api';
import { db, DEVICE_META_KEYS } from '../../shared/db';

/** The schemas load with the first answer or cached value to check: a first visit needs none to paint (issue 20). */
const loadSchemas = () => import('../../../schema');

/** An account route's address; the addresses come with the schemas, after the first paint, like them (issue 20). */
async function accountPath(name: keyof typeof accountPaths): Promise<string> {
  const { accountPaths: paths, apiPath } = await loadSchemas();
  return apiPath(paths[name]);
}

export const AUTH_CACHE_KEY = 'auth-me';
export const GUEST_KEY = DEVICE_META_KEYS.guest;
export const RBAC_CACHE_KEY = 'rbac-me';
/** A Log Out made offline: the server has not ended the session yet (sent when back online). */
export const PENDING_LOGOUT_KEY = DEVICE_META_KEYS.pendingLogout;

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

/** The id of a cached user as stored (null when it has none). */
function idOf(cached: unknown): number | null {
  return cached && typeof cached === 'object' && 'id' in cached && typeof cached.id === 'number' ? cached.id : null;
}

/** Removes what an account loaded onto this device. */
/** Why an account leaves: its person logged out, or the server ended its session. */
export type Leaving = 'log-out' | 'session-ended';

async function forgetAccount(userId: number | null, leaving: Leaving): Promise<void> {
  await (await import('./account-data')).clearAccountData(userId, leaving);
}

/** Stores a freshly signed-in (or refreshed) user and makes it the state. */
export async function setSignedIn(user: AuthUser): Promise<void> {
  const previous = idOf(await readMeta(AUTH_CACHE_KEY));
  // Another account's session ended without a Log Out on this device: its data goes first.
  if (previous !== null && previous !== user.id) await forgetAccount(previous, 'session-ended');
  // Rows waiting under this id for an account that is no more (its id given again) never push.
  if ((await readMeta(`outbox-owner:${user.id}`)) !== undefined) await (await import('./account-data')).dropAnotherAccountsRows(user);
  // Stored before it shows, so a reload right after sign-in (even offline) finds it.
  await writeMeta(AUTH_CACHE_KEY, user);
  setState({ status: 'signedIn', user });
}

/**
 * Signed out by the server (a 401). When an account was signed in here, its session ended
 * (expired, revoked by a password reset, the account deleted): its data leaves the device, its
 * pending changes wait for it (./account-data.ts), and the page starts again at /login, saying so,
 * so nothing of it stays in memory either (Play would store its game again).
 */
async function setSignedOut(): Promise<void> {
  const guest = (await readMeta(GUEST_KEY)) === true;
  const leaving = await readMeta(AUTH_CACHE_KEY);
  if (leaving === undefined) {
    setState({ status: 'signedOut', guest });
    return;
  }
  // The spinner while the data goes: no screen of the account stays mounted to write again.
  setState({ status: 'loading' });
  await (await import('./account-data')).endSession(idOf(leaving));
}

/**
 * Asks the server who is signed in. No retry (spec). On the network failing or a 5xx the cached
 * state stands; a 401 (or an answer that is not a user) means signed out.
 */
export async function refreshUser(): Promise<void> {
  try {
    const response = await request(await accountPath('user'));
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
  const path = await accountPath('logout');
  try {
    await request(path, { method: 'POST' });
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
  const response = await request(await accountPath('login'), { method: 'POST', body: credentials });
  // The sign-in ended the old session (rotation): nothing is left for a queued Log Out to end.
  await writeMeta(PENDING_LOGOUT_KEY, undefined);
  const user = await userFrom(await response.json());
  await setSignedIn(user);
  return user;
}

export async function register(details: RegisterRequest): Promise<AuthUser> {
  const response = await request(await accountPath('register'), { method: 'POST', body: details });
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
 * Log Out: removes everything the account loaded onto this device, its outbox too (Settings' Log
 * Out button has sent it first, or asked: app/features/settings/LogOutButton.tsx), then navigates to
 * /api/logout (spec), which ends the session on the server. Offline, the Log Out is queued (the
 * session is ended on the server as soon as the app is back online, before anything else) and the
 * app goes to the sign-in page, which works offline.
 */
export async function logOut(): Promise<void> {
  const userId = currentUserId() ?? idOf(await readMeta(AUTH_CACHE_KEY));
  // Signed in no more from here: the sync loop stores nothing more for the account (sync.ts).
  setState({ status: 'loading' });
  await forgetAccount(userId, 'log-out');
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    await writeMeta(PENDING_LOGOUT_KEY, true);
    setState({ status: 'signedOut', guest: (await readMeta(GUEST_KEY)) === true });
    window.location.assign('/login');
    return;
  }
  window.location.assign(await accountPath('logoutPage'));
}

/** POST /api/onboarding/complete: answers the user with the Elo rating the assessment set. */
export async function completeOnboarding(): Promise<AuthUser> {
  const response = await request(await accountPath('completeOnboarding'), { method: 'POST' });
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
          const fresh = await requestJson(await accountPath('permissions'), (await loadSchemas()).rbacMeSchema);
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

/** /login's address from a page a signed-out visitor opened, so signing in leads back to it. */
export function loginFrom(pathname: string, search: string): string {
  return pathname === '/' ? '/login' : `/login?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}
