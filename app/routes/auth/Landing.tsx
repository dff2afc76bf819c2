import { Link, useLocation } from 'react-router';
import { continueAsGuest } from '../../data/auth';
import { loginFrom } from './sign-in-address';

/**
 * What a signed-out visitor sees on any path but the sign-in pages (spec): 'Chess Learning App'
 * with Login and Sign Up. Anonymous play is allowed, so 'Play as guest' opens the app without an
 * account; the choice is remembered on this device. Login leads back to the page opened (a
 * tournament from the venue's QR code).
 */
export default function Landing() {
  const { pathname, search } = useLocation();
  return (
    <main id="main" className="auth-main">
      <div className="landing card">
        <img src="/icons/icon.svg" alt="" width="72" height="72" className="landing__icon" />
        <h1>Chess Learning App</h1>
        <p className="page__lead">Play the computer or a friend, learn from every game, and track your progress.</p>
        <div className="landing__actions">
          <Link to={loginFrom(pathname, search)} className="button button--primary">Login</Link>
          {/* Sign Up leads back too: a parent opening the letter's /children makes an account and links (issue 19). */}
          <Link to={loginFrom(pathname, search).replace(/^\/login/, '/register')} className="button">Sign Up</Link>
        </div>
        <button type="button" className="button button--ghost" onClick={() => void continueAsGuest()}>Play as guest</button>
        <p className="field__hint">Guests&apos; games stay on this device and are not saved to an account.</p>
      </div>
    </main>
  );
}
