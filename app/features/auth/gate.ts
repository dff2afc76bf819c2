/**
 * Which screen a path gets for the current auth state (accounts spec section 2). Pure.
 * - Loading: the auth spinner.
 * - Signed out: the landing page 'Chess Learning App' for every path but the sign-in pages;
 *   a guest (who chose 'Play as guest') gets the app for the paths guests may use (Play,
 *   Settings, and the 404 page), and is sent to sign in for the members' screens (issue 26: a
 *   homework link to /puzzles), coming back to the screen once signed in.
 * - Signed in, not onboarded: the assessment (onboarding) for every path.
 * - Signed in and onboarded: the app.
 */
import type { AuthState } from './auth';

export const AUTH_PATHS = ['/login', '/register', '/forgot-password', '/reset-password'] as const;

/**
 * Members' screens: a guest is sent to sign in instead. Every route of app/App.tsx is either one
 * of these or open to guests (app/shell/gate.test.ts reads the router to check).
 */
const MEMBER_PREFIXES = ['/lessons', '/lesson', '/tips', '/tournaments', '/organizations', '/games', '/progress', '/onboarding', '/children', '/classes', '/puzzles'];

export function isAuthPath(pathname: string): boolean {
  return (AUTH_PATHS as readonly string[]).includes(normalise(pathname));
}

export function isMemberPath(pathname: string): boolean {
  const path = normalise(pathname);
  return MEMBER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Issue 19: a parent who has just signed up links their child first (the letter's address);
 * linking marks their assessment done, so they never get the children's one.
 */
const BEFORE_ASSESSMENT = ['/children'];

export type GateScreen = 'spinner' | 'landing' | 'sign-in' | 'onboarding' | 'app';

export function gateScreen(auth: AuthState, pathname: string): GateScreen {
  switch (auth.status) {
    case 'loading':
      return 'spinner';
    case 'signedOut':
      if (!auth.guest) return 'landing';
      return isMemberPath(pathname) ? 'sign-in' : 'app';
    case 'signedIn':
      return auth.user.onboardingCompleted || BEFORE_ASSESSMENT.includes(normalise(pathname)) ? 'app' : 'onboarding';
  }
}

/** /login's address from a page opened signed out (app/features/auth/auth.ts, where the data layer reaches it too). */
export { loginFrom } from './auth';
