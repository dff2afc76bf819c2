import { describe, expect, it } from 'vitest';
// The router's source: every route it declares is checked against the gate below.
import router from '../App.tsx?raw';
import type { AuthUser } from '../../schema';
import { type AuthState, gateScreen, isAuthPath, isMemberPath } from '../features/auth';
import { navItemsFor, showsRating, splitNav, viewerOf, PHONE_SLOTS } from './nav';

const user = (patch: Partial<AuthUser> = {}): AuthUser => ({
  id: 1, username: 'kasparov', email: 'k@example.com', firstName: null, lastName: null, eloRating: 1200,
  isEloCalibrated: false, onboardingCompleted: true, primaryRole: 'student', gamesWon: 0, gamesLost: 0,
  gamesDrawn: 0, totalGames: 0, createdAt: '2026-01-01T00:00:00.000Z', isManaged: false,
  language: null, languageSetAt: null, classLanguage: null, ...patch,
});

const loading: AuthState = { status: 'loading' };
const visitor: AuthState = { status: 'signedOut', guest: false };
const guest: AuthState = { status: 'signedOut', guest: true };
const newcomer: AuthState = { status: 'signedIn', user: user({ onboardingCompleted: false }) };
const member: AuthState = { status: 'signedIn', user: user() };

describe('gateScreen', () => {
  it.each([
    [loading, '/', 'spinner'],
    [visitor, '/', 'landing'],
    [visitor, '/settings', 'landing'],
    [visitor, '/no-such-page', 'landing'],
    [guest, '/', 'app'],
    [guest, '/settings', 'app'],
    [guest, '/no-such-page', 'app'],
    // Issue 26: a guest on a members' screen is sent to sign in (and comes back after).
    [guest, '/games/history', 'sign-in'],
    [guest, '/games/12/replay', 'sign-in'],
    [guest, '/tournaments/3', 'sign-in'],
    [guest, '/children', 'sign-in'],
    [guest, '/puzzles', 'sign-in'],
    [guest, '/classes/4/sign-in-code', 'sign-in'],
    [visitor, '/puzzles', 'landing'],
    [newcomer, '/', 'onboarding'],
    [newcomer, '/games/history', 'onboarding'],
    [newcomer, '/onboarding', 'onboarding'],
    [newcomer, '/children', 'app'], // a parent just signed up links their child first (issue 19)
    [newcomer, '/children/x', 'onboarding'],
    [member, '/', 'app'],
    [member, '/games/history', 'app'],
    [member, '/no-such-page', 'app'],
  ] as const)('%j at %s shows %s', (auth, path, screen) => {
    expect(gateScreen(auth, path)).toBe(screen);
  });

  it.each([
    ['/login', true], ['/register/', true], ['/forgot-password', true], ['/reset-password', true], ['/', false], ['/loginx', false],
  ])('isAuthPath(%s) = %s', (path, expected) => {
    expect(isAuthPath(path)).toBe(expected);
  });

  it.each([
    ['/games/history', true], ['/lessons', true], ['/lesson/4', true], ['/organizations/create', true], ['/progress', true],
    ['/puzzles', true], ['/classes', true], ['/classes/3/students/8', true],
    ['/', false], ['/settings', false], ['/gamesx', false],
  ])('isMemberPath(%s) = %s', (path, expected) => {
    expect(isMemberPath(path)).toBe(expected);
  });

  /** Guests' screens: Play, Settings, the e-mail's verification link, the sign-in pages and the 404 page. */
  const GUEST_ROUTES = ['/', '/settings', '/verify-email', '/login', '/register', '/forgot-password', '/reset-password', '*'];

  it("sends a guest to sign in on every route of the app's router but the guests' own", () => {
    const paths = [...router.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!);
    expect(paths.length).toBeGreaterThan(25);
    const unclassified = paths.filter((path) => !GUEST_ROUTES.includes(path) && gateScreen(guest, path.replace(/:\w+/g, '1')) !== 'sign-in');
    expect(unclassified).toEqual([]);
  });
});

describe('bottom navigation', () => {
  const labels = (viewer: Parameters<typeof navItemsFor>[0]) => navItemsFor(viewer).map((item) => item.label.message);
  it.each([
    ['a guest', null, ['Play', 'Settings']],
    ['a student', viewerOf(user(), { permissions: [], roles: [] }), ['Play', 'Lessons', 'Tips', 'Tournaments', 'Puzzles', 'Classes', 'History', 'Progress', 'Settings']],
    ['a parent', viewerOf(user({ primaryRole: 'parent' }), { permissions: [], roles: [] }), ['Play', 'Children', 'Lessons', 'Tips', 'Puzzles', 'History', 'Progress', 'Settings']],
    ['a parent granted org:view_members', viewerOf(user({ primaryRole: 'parent' }), { permissions: ['org:view_members'], roles: [] }), ['Play', 'Children', 'Lessons', 'Tips', 'Puzzles', 'Orgs', 'History', 'Progress', 'Settings']],
    ['a student granted organizer', viewerOf(user(), { permissions: [], roles: [{ role: 'organizer', scope: null, expiresAt: null }] }), ['Play', 'Lessons', 'Tips', 'Tournaments', 'Puzzles', 'Orgs', 'Classes', 'History', 'Progress', 'Settings']],
    ['a teacher before permissions load', viewerOf(user({ primaryRole: 'teacher' }), null), ['Play', 'Lessons', 'Tips', 'Tournaments', 'Puzzles', 'Orgs', 'Classes', 'History', 'Progress', 'Settings']],
  ])('%s', (_name, viewer, expected) => {
    expect(labels(viewer)).toEqual(expected);
  });
});

describe("the phone's bar and the More sheet", () => {
  const split = (viewer: Parameters<typeof navItemsFor>[0]) => {
    const { bar, more } = splitNav(navItemsFor(viewer), PHONE_SLOTS);
    return { bar: bar.map((item) => item.label.message), more: more.map((item) => item.label.message) };
  };
  it('a guest gets both items in the bar and no More', () => {
    expect(split(null)).toEqual({ bar: ['Play', 'Settings'], more: [] });
  });
  it('an organiser gets four items and the rest, Settings too, in More', () => {
    const organiser = viewerOf(user(), { permissions: [], roles: [{ role: 'organizer', scope: null, expiresAt: null }] });
    expect(split(organiser)).toEqual({ bar: ['Play', 'Lessons', 'Tips', 'Tournaments'], more: ['Puzzles', 'Orgs', 'Classes', 'History', 'Progress', 'Settings'] });
  });
  it('five items fit without More (More would take the fifth slot anyway)', () => {
    const items = navItemsFor(viewerOf(user(), { permissions: [], roles: [] })).slice(0, 5);
    expect(splitNav(items, PHONE_SLOTS).more).toEqual([]);
  });
  it('every item has an icon', () => {
    for (const item of navItemsFor(viewerOf(user(), { permissions: [], roles: [{ role: 'super_admin', scope: null, expiresAt: null }] }))) expect(item.icon).toBeTruthy();
  });
});

describe('the Elo badge', () => {
  it.each([
    ['a guest', null, true],
    ['a student', viewerOf(user(), { permissions: [], roles: [] }), true],
    ['a parent', viewerOf(user({ primaryRole: 'parent' }), null), false],
    ['a student granted organizer', viewerOf(user(), { permissions: [], roles: [{ role: 'organizer', scope: null, expiresAt: null }] }), false],
    ['a student granted coach in one organization', viewerOf(user(), { permissions: [], roles: [{ role: 'coach', scope: 'organization:3', expiresAt: null }] }), false],
  ])('%s: shown %s', (_name, viewer, expected) => {
    expect(showsRating(viewer)).toBe(expected);
  });
});
