import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { Preferences } from '../schema';
import { startSettingsSync, usePreferences } from './features/settings';
import { startAuth } from './features/auth';
import { ToastProvider } from './shared/components/Toast';
import { ScreenReaderBoardContext } from './shared/components/board/screen-reader-board';
import { PlayScreen } from './features/games';
import { AuthSpinner } from './shell/AuthSpinner';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { Gate, SignedOutOnly } from './shell/Gate';
import { Shell } from './shell/Shell';
import { useRouteFocus } from './shell/useRouteFocus';

// Loaded after the first paint (issue 20): the update prompt (with workbox-window) and the sync loop.
const UpdatePrompt = lazy(() => import('./pwa/UpdatePrompt').then((module) => ({ default: module.UpdatePrompt })));
const SettingsScreen = lazy(() => import('./features/settings/SettingsScreen'));
const LoginScreen = lazy(() => import('./features/auth/LoginScreen'));
const RegisterScreen = lazy(() => import('./features/auth/RegisterScreen'));
const ForgotPasswordScreen = lazy(() => import('./features/auth/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('./features/auth/ResetPasswordScreen'));
const VerifyEmailScreen = lazy(() => import('./features/auth/VerifyEmailScreen'));
const HistoryScreen = lazy(() => import('./features/games/history/HistoryScreen'));
const ReplayScreen = lazy(() => import('./features/games/replay/ReplayScreen'));
const LessonsScreen = lazy(() => import('./features/lessons/LessonsScreen'));
const LessonScreen = lazy(() => import('./features/lessons/LessonScreen'));
const ProgressScreen = lazy(() => import('./features/progress/ProgressScreen'));
const PuzzlesScreen = lazy(() => import('./features/puzzles/PuzzlesScreen'));
const TipsScreen = lazy(() => import('./features/tips/TipsScreen'));
const TournamentsScreen = lazy(() => import('./features/tournaments/TournamentsScreen'));
const CreateTournamentScreen = lazy(() => import('./features/tournaments/CreateTournamentScreen'));
const TournamentDetailScreen = lazy(() => import('./features/tournaments/TournamentDetailScreen'));
const ManageTournamentScreen = lazy(() => import('./features/tournaments/ManageTournamentScreen'));
const TournamentPrintScreen = lazy(() => import('./features/tournaments/TournamentPrintScreen'));
const ProjectorScreen = lazy(() => import('./features/tournaments/ProjectorScreen'));
const OrganizationsScreen = lazy(() => import('./features/organizations/OrganizationsScreen'));
const CreateOrganizationScreen = lazy(() => import('./features/organizations/CreateOrganizationScreen'));
const OrganizationDetailScreen = lazy(() => import('./features/organizations/OrganizationDetailScreen'));
const ClassesScreen = lazy(() => import('./features/classes/ClassesScreen'));
const ClassDetailScreen = lazy(() => import('./features/classes/ClassDetailScreen'));
const ClassCardsScreen = lazy(() => import('./features/classes/ClassCardsScreen'));
const ParentLettersScreen = lazy(() => import('./features/classes/ParentLettersScreen'));
const ChildrenScreen = lazy(() => import('./features/parents/ChildrenScreen'));
const ClassStudentScreen = lazy(() => import('./features/classes/ClassStudentScreen'));
const SignInCodeScreen = lazy(() => import('./features/classes/SignInCodeScreen'));
const NotFound = lazy(() => import('./shell/NotFound'));

/** Applies the light or dark theme from preferences to the whole document. */
function useTheme(theme: Preferences['theme'] | undefined) {
  useEffect(() => {
    if (!theme) return;
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#1b1e23' : '#f5f3ee');
  }, [theme]);
}

/**
 * Everything every screen shares: the theme, the boards as text or not ('Board for screen
 * readers'), the auth state, the sync loop, the update prompt.
 */
function Root() {
  const { pathname } = useLocation();
  const { preferences } = usePreferences();
  useTheme(preferences?.theme);
  useRouteFocus();
  useEffect(() => {
    void startAuth();
    const stopSettingsSync = startSettingsSync();
    let stopSync: (() => void) | undefined;
    let live = true;
    void import('./start-sync').then(({ startAppSync }) => {
      if (live) stopSync = startAppSync();
    });
    return () => {
      live = false;
      stopSettingsSync();
      stopSync?.();
    };
  }, []);
  return (
    <ScreenReaderBoardContext.Provider value={preferences?.screenReaderBoard === true}>
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<AuthSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </ScreenReaderBoardContext.Provider>
  );
}


/**
 * The routes, in the router's declarative mode (issue 20): the app uses no loaders, actions or
 * fetchers, and the data router cost the first visit 16 KB gzip more.
 */
const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      // The verification e-mail's link: opened signed in or not.
      { path: '/verify-email', element: <VerifyEmailScreen /> },
      {
        element: <SignedOutOnly />,
        children: [
          { path: '/login', element: <LoginScreen /> },
          { path: '/register', element: <RegisterScreen /> },
          { path: '/forgot-password', element: <ForgotPasswordScreen /> },
          { path: '/reset-password', element: <ResetPasswordScreen /> },
        ],
      },
      {
        element: <Gate />,
        children: [
          // The projector in the hall fills the screen: no header, no bottom navigation.
          { path: '/tournaments/:id/screen', element: <ProjectorScreen /> },
          // Issue 19: the class's sign-in code on the board, the same way.
          { path: '/classes/:id/sign-in-code', element: <SignInCodeScreen /> },
          {
            element: <Shell />,
            children: [
              { path: '/', element: <PlayScreen /> },
              { path: '/settings', element: <SettingsScreen /> },
              { path: '/games/history', element: <HistoryScreen /> },
              { path: '/games/:id/replay', element: <ReplayScreen /> },
              { path: '/onboarding', element: <Navigate to="/" replace /> },
              { path: '/lessons', element: <LessonsScreen /> },
              { path: '/lesson/:id', element: <LessonScreen /> },
              { path: '/lesson', element: <LessonScreen /> },
              { path: '/tips', element: <TipsScreen /> },
              { path: '/tournaments', element: <TournamentsScreen /> },
              { path: '/tournaments/create', element: <CreateTournamentScreen /> },
              { path: '/tournaments/:id', element: <TournamentDetailScreen /> },
              { path: '/tournaments/:id/manage', element: <ManageTournamentScreen /> },
              { path: '/tournaments/:id/print/:view', element: <TournamentPrintScreen /> },
              { path: '/organizations', element: <OrganizationsScreen /> },
              { path: '/organizations/create', element: <CreateOrganizationScreen /> },
              { path: '/organizations/:id', element: <OrganizationDetailScreen /> },
              { path: '/classes', element: <ClassesScreen /> },
              { path: '/classes/:id', element: <ClassDetailScreen /> },
              { path: '/classes/:id/cards', element: <ClassCardsScreen /> },
              { path: '/classes/:id/parent-codes', element: <ParentLettersScreen /> },
              { path: '/children', element: <ChildrenScreen /> },
              { path: '/classes/:id/students/:userId', element: <ClassStudentScreen /> },
              { path: '/progress', element: <ProgressScreen /> },
              { path: '/puzzles', element: <PuzzlesScreen /> },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <ToastProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ToastProvider>
  );
}
