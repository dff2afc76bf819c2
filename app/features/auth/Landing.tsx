import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { continueAsGuest } from './auth';
import { isMemberPath } from './gate';
import { loginFrom } from './sign-in-address';

/**
 * What a signed-out visitor sees on any path but the sign-in pages (spec): 'Chess Learning App'
 * with Login and Sign Up. Anonymous play is allowed, so 'Play as guest' opens the app without an
 * account; the choice is remembered on this device. Login leads back to the page opened (a
 * tournament from the venue's QR code).
 */
export default function Landing({ languageChooser }: { languageChooser?: ReactNode }) {
  const location = useLocation();
  const { pathname, search } = location;
  const navigate = useNavigate();
  // A guest may not open a members' screen (the shell would send them to sign in): Play instead,
  // carrying the choice in the navigation's state, and the visitor becomes a guest only once Play's
  // address is the page's, so the shell never sees a guest on the members' screen.
  const guestAsked = (location.state as { playAsGuest?: boolean } | null)?.playAsGuest === true;
  useEffect(() => {
    if (guestAsked && !isMemberPath(location.pathname)) void continueAsGuest();
  }, [guestAsked, location.pathname]);
  const playAsGuest = () => {
    if (isMemberPath(pathname)) void navigate('/', { replace: true, state: { playAsGuest: true } });
    else void continueAsGuest();
  };
  return (
    <main id="main" className="auth-main">
      <div className="landing card">
        {languageChooser}
        <img src="/icons/icon.svg" alt="" width="72" height="72" className="landing__icon" />
        <h1><Trans>Chess Learning App</Trans></h1>
        <p className="page__lead"><Trans>Play the computer or a friend, learn from every game, and track your progress.</Trans></p>
        <div className="landing__actions">
          <Link to={loginFrom(pathname, search)} className="button button--primary"><Trans>Login</Trans></Link>
          {/* Sign Up leads back too: a parent opening the letter's /children makes an account and links (issue 19). */}
          <Link to={loginFrom(pathname, search).replace(/^\/login/, '/register')} className="button"><Trans>Sign Up</Trans></Link>
        </div>
        <button type="button" className="button button--ghost" onClick={playAsGuest}><Trans>Play as guest</Trans></button>
        <p className="field__hint"><Trans>Guests&apos; games stay on this device and are not saved to an account.</Trans></p>
      </div>
    </main>
  );
}
