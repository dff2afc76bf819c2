import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { PageSkeleton } from '../shared/components/Skeleton';
import { lazyScreen } from '../shared/i18n';
import { useAuth, useRbac } from '../features/auth';
import { AppHeader } from './AppHeader';
import { BottomNav } from './BottomNav';
import { showsRating, viewerOf } from './nav';

/** The outbox's refusals and 'Update available' (with the sync loop's state): loaded after the first paint (issue 20). */
const RefusedChanges = lazyScreen(() => import('./RefusedChanges').then((module) => ({ default: module.RefusedChanges })));

/** The signed-in (or guest) frame: header, the screen, the bottom navigation. */
export function Shell() {
  const auth = useAuth();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const rbac = useRbac(user?.id ?? null);
  const viewer = user ? viewerOf(user, rbac.status === 'ready' ? rbac.rbac : null) : null;

  return (
    <div className="app-shell" data-testid="app-shell">
      <a className="skip-link" href="#main"><Trans>Skip to content</Trans></a>
      <AppHeader user={user} showRating={showsRating(viewer)} />
      <main id="main" className="app-main">
        <Suspense fallback={null}>
          <RefusedChanges />
        </Suspense>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav viewer={viewer} />
    </div>
  );
}
