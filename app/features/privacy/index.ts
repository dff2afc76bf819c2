/** What the rest of the app uses of privacy: other features, the shell and App import it only from here. */
export { ChildData } from './ChildData';
export { useDataAccessLog } from './privacy';
