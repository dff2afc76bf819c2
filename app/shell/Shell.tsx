import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RefusedChanges } from '../components/RefusedChanges';
import { PageSkeleton } from '../components/Skeleton';
import { useAuth, useRbac } from '../data/auth';
import { AppHeader } from './AppHeader';
import { BottomNav } from './BottomNav';
import { viewerOf } from './nav';

/** The signed-in (or guest) frame: header, the screen, the bottom navigation. */
export function Shell() {
  const auth = useAuth();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const rbac = useRbac(user?.id ?? null);
  const viewer = user ? viewerOf(user, rbac.status === 'ready' ? rbac.rbac : null) : null;

  return (
    <div className="app-shell" data-testid="app-shell">
      <a className="skip-link" href="#main">Skip to content</a>
      <AppHeader user={user} />
      <main id="main" className="app-main">
        <RefusedChanges />
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav viewer={viewer} />
    </div>
  );
}
