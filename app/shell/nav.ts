/**
 * The bottom navigation's items, in the spec's order, with their icons and visibility rules
 * (domain/rbac.ts holds the rules). Adding a screen to the navigation is one line in NAV_ITEMS:
 * on a phone the first PHONE_SLOTS items show in the bar and the rest go to the 'More' sheet.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { impliedRoles, isVisible, type Viewer, type Visibility } from '../../domain';
import type { AuthUser, RbacMe } from '../../schema';
import type { IconName } from '../shared/components/Icon';

export interface NavItem {
  /** Translated where it is shown (the language can change after this list is made). */
  label: MessageDescriptor;
  path: string;
  icon: IconName;
  visibility?: Visibility;
}

const STAFF: Visibility = { anyOf: ['teacher', 'coach', 'organizer', 'super_admin', 'org:manage', 'org:view_members'] };

export const NAV_ITEMS: readonly NavItem[] = [
  { label: msg`Play`, path: '/', icon: 'board' },
  // Issue 19: a parent's linked children, in a phone's bar (linking a child makes an account a parent).
  { label: msg`Children`, path: '/children', icon: 'people', visibility: { anyOf: ['parent'] } },
  { label: msg`Lessons`, path: '/lessons', icon: 'book' },
  { label: msg`Tips`, path: '/tips', icon: 'lightbulb' },
  { label: msg`Tournaments`, path: '/tournaments', icon: 'trophy', visibility: { anyOf: ['student', 'teacher', 'coach', 'organizer', 'super_admin'] } },
  { label: msg`Puzzles`, path: '/puzzles', icon: 'puzzle' },
  { label: msg`Orgs`, path: '/organizations', icon: 'building', visibility: STAFF },
  // Issue 19: a teacher's classes (the server lists only those of the schools they teach in); a
  // student's own, and the form to join one with a join code.
  { label: msg`Classes`, path: '/classes', icon: 'people', visibility: { anyOf: ['student', 'teacher', 'coach', 'organizer', 'super_admin', 'org:roster'] } },
  { label: msg`History`, path: '/games/history', icon: 'history' },
  { label: msg`Progress`, path: '/progress', icon: 'chart' },
  { label: msg`Settings`, path: '/settings', icon: 'settings' },
];

/** How many items a phone's bar shows before 'More' (five slots of 72 px at 360 px, 'More' the fifth). */
export const PHONE_SLOTS = 4;

/** Guests have no account: Play and Settings only. */
const GUEST_PATHS = ['/', '/settings'];

export function viewerOf(user: AuthUser, rbac: RbacMe | null): Viewer {
  const roles = new Set<string>(impliedRoles(user.primaryRole));
  for (const grant of rbac?.roles ?? []) for (const role of impliedRoles(grant.role)) roles.add(role);
  return { roles, permissions: new Set(rbac?.permissions ?? []) };
}

/**
 * Staff and parents skip the children's assessment (the server marks them onboarded when the role is
 * granted), so their rating means nothing yet: the header shows no Elo for them (issue 20).
 */
const ADULT_ROLES = ['teacher', 'coach', 'organizer', 'parent', 'super_admin'];

export function showsRating(viewer: Viewer | null): boolean {
  return viewer === null || !ADULT_ROLES.some((role) => viewer.roles.has(role));
}

export function navItemsFor(viewer: Viewer | null): NavItem[] {
  if (viewer === null) return NAV_ITEMS.filter((item) => GUEST_PATHS.includes(item.path));
  return NAV_ITEMS.filter((item) => isVisible(item.visibility, viewer));
}

/**
 * The bar and the 'More' sheet: everything fits in the bar when there is room (or when the whole
 * list is no longer than the bar plus 'More'); otherwise the first `slots` items and the rest in More.
 */
export function splitNav(items: readonly NavItem[], slots: number): { bar: NavItem[]; more: NavItem[] } {
  if (items.length <= slots + 1) return { bar: [...items], more: [] };
  return { bar: items.slice(0, slots), more: items.slice(slots) };
}
