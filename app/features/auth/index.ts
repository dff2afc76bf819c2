/** What the rest of the app uses of auth: other features, the shell and App import it only from here. */
export { type AuthState, currentUserId, getAuthState, logOut, setSignedIn, startAuth, subscribeAuth, useAuth, useRbac } from './auth';
export { authSync, syncAuth } from './auth-sync';
export { gateScreen, isAuthPath, isMemberPath, loginFrom } from './gate';
export { usePermissions } from './permissions';
export { makeSignInAddress } from './sign-in-address';
