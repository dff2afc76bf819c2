import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';
import { usePreferences } from './data/settings';
import { PageSkeleton } from './components/Skeleton';
import { ToastProvider } from './components/Toast';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import PlayScreen from './routes/play/PlayScreen';

const SettingsScreen = lazy(() => import('./routes/settings/SettingsScreen'));

/** Applies the light or dark theme from preferences to the whole document. */
function useTheme() {
  const { preferences } = usePreferences();
  const theme = preferences?.theme;
  useEffect(() => {
    if (!theme) return;
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#1b1e23' : '#f5f3ee');
  }, [theme]);
}

function Shell() {
  useTheme();
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="app-header">
        <Link to="/" className="app-header__brand">
          <img src="/icons/icon.svg" alt="" width="28" height="28" />
          <span>Chess Learning</span>
        </Link>
      </header>
      <main id="main" className="app-main">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <UpdatePrompt />
    </>
  );
}

function NotFound() {
  return (
    <div className="page not-found">
      <h1>404 Page Not Found</h1>
      <p>That page does not exist.</p>
      <Link to="/" className="button button--primary">Back to Play</Link>
    </div>
  );
}

const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: '/', element: <PlayScreen /> },
      { path: '/settings', element: <SettingsScreen /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);

export function App() {
  return (
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>
  );
}
