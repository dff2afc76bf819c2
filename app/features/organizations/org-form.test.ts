import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationFormSchema } from './org-form';

const valid = { name: 'Delhi Public School', type: 'elementary_school', address: '', city: '', state: '', zipCode: '', contactEmail: '', phoneNumber: '' };

describe('the add organization form’s messages', () => {
  // The English source texts, asked for when the form is checked (issue 28).
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each([
    [{ name: '' }, 'name', 'Organization name is required'],
    [{ type: '' }, 'type', 'Organization type is required'],
    [{ zipCode: '!' }, 'zipCode', 'Enter a valid postal code'],
    [{ contactEmail: 'not an address' }, 'contactEmail', 'Please enter a valid email address'],
    [{ phoneNumber: 'call me' }, 'phoneNumber', 'Enter a valid phone number'],
    [{ city: 'x'.repeat(101) }, 'city', 'City is too long'],
  ])('%j: %s reads %s', (change, field, message) => {
    const result = createOrganizationFormSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it('accepts a filled form', () => {
    expect(createOrganizationFormSchema.safeParse(valid).success).toBe(true);
  });
});
