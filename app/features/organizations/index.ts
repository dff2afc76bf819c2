/** What the rest of the app uses of organizations: other features, the shell and App import it only from here. */
export { useOrganizationList } from './organizations';
