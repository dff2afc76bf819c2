import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { useAuth, gateScreen, loginFrom } from '../features/auth';
import { lazyScreen } from '../shared/i18n';
import { AuthSpinner } from './AuthSpinner';

const Landing = lazyScreen(() => import('../features/auth/Landing'));
const OnboardingScreen = lazyScreen(() => import('../features/onboarding/OnboardingScreen'));
const LanguageChooser = lazyScreen(() => import('../features/settings/LanguageChoice').then((module) => ({ default: module.LanguageChooser })));

/** Decides, for every app path, between the spinner, the landing page, signing in, onboarding and the app. */
export function Gate() {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  const screen = gateScreen(auth, pathname);
  if (screen === 'spinner') return <AuthSpinner />;
  if (screen === 'app') return <Outlet />;
  // /login?next=: signing in leads back to the screen opened.
  if (screen === 'sign-in') return <Navigate to={loginFrom(pathname, search)} replace />;
  return (
    <Suspense fallback={<AuthSpinner />}>
      {screen === 'landing' ? <Landing languageChooser={<Suspense fallback={null}><LanguageChooser /></Suspense>} /> : <OnboardingScreen />}
    </Suspense>
  );
}

/** The sign-in pages: a signed-in user has nothing to do there and goes to Play. */
export function SignedOutOnly() {
  const auth = useAuth();
  if (auth.status === 'loading') return <AuthSpinner />;
  if (auth.status === 'signedIn') return <Navigate to={auth.user.onboardingCompleted ? '/' : '/onboarding'} replace />;
  return (
    <main id="main" className="auth-main">
      <div className="auth-frame">
        <Link to="/" className="back-link">← {auth.guest ? <Trans>Back to Play</Trans> : <Trans>Home</Trans>}</Link>
        <Suspense fallback={<AuthSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </main>
  );
}
