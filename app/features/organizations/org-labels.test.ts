import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_TYPE_LABELS, ORGANIZATION_TYPES, TEAM_MEMBER_ROLES } from '../../../schema';
import { organizationTypeLabel, TEAM_ROLE_TITLES } from './org-labels';

describe('organization types in words', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each(ORGANIZATION_TYPES)('%s reads as schema words it', (type) => {
    expect(organizationTypeLabel(i18n, type)).toBe(ORGANIZATION_TYPE_LABELS[type]);
  });

  it.each(TEAM_MEMBER_ROLES)('the %s badge reads as the value in English', (role) => {
    expect(i18n._(TEAM_ROLE_TITLES[role])).toBe(role);
  });

  it('shows a type it does not know as written', () => {
    expect(organizationTypeLabel(i18n, 'university')).toBe('university');
  });
});
