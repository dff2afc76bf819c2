export { ORGANIZATION_TYPE_LABELS } from '../../../schema';

/** One line of address: street, city, state and postal code, skipping the blanks. */
export function addressLine(org: { address?: string | null; city?: string | null; state?: string | null; zipCode?: string | null }): string {
  return [org.address, org.city, org.state, org.zipCode].filter((part) => part && part.trim()).join(', ');
}
