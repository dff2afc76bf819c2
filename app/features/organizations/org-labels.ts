import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrganizationType, TEAM_MEMBER_ROLES } from '../../../schema';

/** ORGANIZATION_TYPE_LABELS' words as catalogue messages (issue 28; org-labels.test.ts holds the English to schema's). */
export const ORGANIZATION_TYPE_TITLES = {
  elementary_school: msg`Elementary School`,
  middle_school: msg`Middle School`,
  high_school: msg`High School`,
  college: msg`College`,
  chess_club: msg`Chess Club`,
  community_center: msg`Community Center`,
  other: msg`Other`,
} as const satisfies Record<OrganizationType, MessageDescriptor>;

/** An organization's type in the app's language; a type this app does not know yet as the server wrote it. */
export function organizationTypeLabel(i18n: I18n, type: string): string {
  return Object.hasOwn(ORGANIZATION_TYPE_TITLES, type) ? i18n._(ORGANIZATION_TYPE_TITLES[type as OrganizationType]) : type;
}

/** A team member's role on its badge, written as the value ('captain') in English. */
export const TEAM_ROLE_TITLES = {
  member: msg`member`,
  captain: msg`captain`,
  coach: msg`coach`,
} as const satisfies Record<(typeof TEAM_MEMBER_ROLES)[number], MessageDescriptor>;

/** One line of address: street, city, state and postal code, skipping the blanks. */
export function addressLine(org: { address?: string | null; city?: string | null; state?: string | null; zipCode?: string | null }): string {
  return [org.address, org.city, org.state, org.zipCode].filter((part) => part && part.trim()).join(', ');
}
