/** What the rest of the app uses of parents: other features, the shell and App import it only from here. */
export { readParentEmailInput } from './parent-email';
export { makeParentCodes, parentCodesFor, saveParentEmail, useParentEmail, useParentLetters } from './parents';
