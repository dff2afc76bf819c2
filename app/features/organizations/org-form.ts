/** The add organization form (the spec shows none: our fields over its organization entity). Pure. */
import { z } from 'zod';

import { ORGANIZATION_TYPES } from '../../../schema';

export { ORGANIZATION_TYPES };

const optional = (max: number, message: string) => z.string().trim().max(max, message);

export const createOrganizationFormSchema = z.object({
  name: z.string().trim().min(1, 'Organization name is required').max(200, 'Organization name is too long'),
  type: z.enum(ORGANIZATION_TYPES, { message: 'Organization type is required' }),
  address: optional(300, 'Address is too long'),
  city: optional(100, 'City is too long'),
  state: optional(100, 'State is too long'),
  zipCode: z.string().trim().refine((text) => text === '' || /^[A-Za-z0-9 -]{3,10}$/.test(text), 'Enter a valid postal code'),
  contactEmail: z.string().trim().refine((text) => text === '' || z.email().safeParse(text).success, 'Please enter a valid email address'),
  phoneNumber: z.string().trim().refine((text) => text === '' || /^[+0-9 ()-]{6,20}$/.test(text), 'Enter a valid phone number'),
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
