import { lazy, Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../data/auth';
import { AuthSpinner } from './AuthSpinner';
import { gateScreen } from './gate';

const Landing = lazy(() => import('../routes/auth/Landing'));
const OnboardingScreen = lazy(() => import('../routes/onboarding/OnboardingScreen'));

/** Decides, for every app path, between the spinner, the landing page, onboarding and the app. */
export function Gate() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const screen = gateScreen(auth, pathname);
  if (screen === 'spinner') return <AuthSpinner />;
  if (screen === 'app') return <Outlet />;
  return (
    <Suspense fallback={<AuthSpinner />}>
      {screen === 'landing' ? <Landing /> : <OnboardingScreen />}
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
        <Link to="/" className="back-link">← {auth.guest ? 'Back to Play' : 'Home'}</Link>
        <Suspense fallback={<AuthSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </main>
  );
}
