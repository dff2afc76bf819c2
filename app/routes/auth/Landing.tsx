import { Link } from 'react-router';
import { continueAsGuest } from '../../data/auth';

/**
 * What a signed-out visitor sees on any path but the sign-in pages (spec): 'Chess Learning App'
 * with Login and Sign Up. Anonymous play is allowed, so 'Play as guest' opens the app without an
 * account; the choice is remembered on this device.
 */
export default function Landing() {
  return (
    <main id="main" className="auth-main">
      <div className="landing card">
        <img src="/icons/icon.svg" alt="" width="72" height="72" className="landing__icon" />
        <h1>Chess Learning App</h1>
        <p className="page__lead">Play the computer or a friend, learn from every game, and track your progress.</p>
        <div className="landing__actions">
          <Link to="/login" className="button button--primary">Login</Link>
          <Link to="/register" className="button">Sign Up</Link>
        </div>
        <button type="button" className="button button--ghost" onClick={() => void continueAsGuest()}>Play as guest</button>
        <p className="field__hint">Guests&apos; games stay on this device and are not saved to an account.</p>
      </div>
    </main>
  );
}
