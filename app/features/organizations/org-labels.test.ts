import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_TYPE_LABELS, ORGANIZATION_TYPES } from '../../../schema';
import { organizationTypeLabel } from './org-labels';

describe('organization types in words', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each(ORGANIZATION_TYPES)('%s reads as schema words it', (type) => {
    expect(organizationTypeLabel(i18n, type)).toBe(ORGANIZATION_TYPE_LABELS[type]);
  });

  it('shows a type it does not know as written', () => {
    expect(organizationTypeLabel(i18n, 'university')).toBe('university');
  });
});
