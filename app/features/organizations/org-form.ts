/** The add organization form (the spec shows none: our fields over its organization entity). Pure. */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';

import { ORGANIZATION_TYPES } from '../../../schema';

export { ORGANIZATION_TYPES };

/** A message in the app's language when the form is checked, so a language chosen later applies. */
const say = (text: MessageDescriptor) => ({ error: () => i18n._(text) });
const optional = (max: number, text: MessageDescriptor) => z.string().trim().max(max, say(text));

export const createOrganizationFormSchema = z.object({
  name: z.string().trim().min(1, say(msg`Organization name is required`)).max(200, say(msg`Organization name is too long`)),
  type: z.enum(ORGANIZATION_TYPES, say(msg`Organization type is required`)),
  address: optional(300, msg`Address is too long`),
  city: optional(100, msg`City is too long`),
  state: optional(100, msg`State is too long`),
  zipCode: z.string().trim().refine((text) => text === '' || /^[A-Za-z0-9 -]{3,10}$/.test(text), say(msg`Enter a valid postal code`)),
  contactEmail: z.string().trim().refine((text) => text === '' || z.email().safeParse(text).success, say(msg`Please enter a valid email address`)),
  phoneNumber: z.string().trim().refine((text) => text === '' || /^[+0-9 ()-]{6,20}$/.test(text), say(msg`Enter a valid phone number`)),
});
export type CreateOrganizationForm = z.infer<typeof createOrganizationFormSchema>;

/** The form's values with blanks as null. */
export function createOrganizationRequest(form: CreateOrganizationForm) {
  const orNull = (text: string) => (text === '' ? null : text);
  return {
    name: form.name,
    type: form.type,
    address: orNull(form.address),
    city: orNull(form.city),
    state: orNull(form.state),
    zipCode: orNull(form.zipCode),
    contactEmail: orNull(form.contactEmail),
    phoneNumber: orNull(form.phoneNumber),
  };
}
