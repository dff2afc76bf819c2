import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { startSettingsSync, usePreferences } from './data/settings';
import { startAuth } from './data/auth';
import { ToastProvider } from './components/Toast';
import PlayScreen from './routes/play/PlayScreen';
import { AuthSpinner } from './shell/AuthSpinner';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { Gate, SignedOutOnly } from './shell/Gate';
import { Shell } from './shell/Shell';

// Loaded after the first paint (issue 20): the update prompt (with workbox-window) and the sync loop.
const UpdatePrompt = lazy(() => import('./pwa/UpdatePrompt').then((module) => ({ default: module.UpdatePrompt })));
const SettingsScreen = lazy(() => import('./routes/settings/SettingsScreen'));
const LoginScreen = lazy(() => import('./routes/auth/LoginScreen'));
const RegisterScreen = lazy(() => import('./routes/auth/RegisterScreen'));
const ForgotPasswordScreen = lazy(() => import('./routes/auth/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('./routes/auth/ResetPasswordScreen'));
const VerifyEmailScreen = lazy(() => import('./routes/auth/VerifyEmailScreen'));
const HistoryScreen = lazy(() => import('./routes/history/HistoryScreen'));
const ReplayScreen = lazy(() => import('./routes/replay/ReplayScreen'));
const LessonsScreen = lazy(() => import('./routes/lessons/LessonsScreen'));
const LessonScreen = lazy(() => import('./routes/lessons/LessonScreen'));
const ProgressScreen = lazy(() => import('./routes/progress/ProgressScreen'));
const PuzzlesScreen = lazy(() => import('./routes/puzzles/PuzzlesScreen'));
const TipsScreen = lazy(() => import('./routes/tips/TipsScreen'));
const TournamentsScreen = lazy(() => import('./routes/tournaments/TournamentsScreen'));
const CreateTournamentScreen = lazy(() => import('./routes/tournaments/CreateTournamentScreen'));
const TournamentDetailScreen = lazy(() => import('./routes/tournaments/TournamentDetailScreen'));
const ManageTournamentScreen = lazy(() => import('./routes/tournaments/ManageTournamentScreen'));
const TournamentPrintScreen = lazy(() => import('./routes/tournaments/TournamentPrintScreen'));
const ProjectorScreen = lazy(() => import('./routes/tournaments/ProjectorScreen'));
const OrganizationsScreen = lazy(() => import('./routes/organizations/OrganizationsScreen'));
const CreateOrganizationScreen = lazy(() => import('./routes/organizations/CreateOrganizationScreen'));
const OrganizationDetailScreen = lazy(() => import('./routes/organizations/OrganizationDetailScreen'));
const ClassesScreen = lazy(() => import('./routes/classes/ClassesScreen'));
const ClassDetailScreen = lazy(() => import('./routes/classes/ClassDetailScreen'));
const ClassCardsScreen = lazy(() => import('./routes/classes/ClassCardsScreen'));
const ParentLettersScreen = lazy(() => import('./routes/classes/ParentLettersScreen'));
const ChildrenScreen = lazy(() => import('./routes/parents/ChildrenScreen'));
const ClassStudentScreen = lazy(() => import('./routes/classes/ClassStudentScreen'));
const SignInCodeScreen = lazy(() => import('./routes/classes/SignInCodeScreen'));
const NotFound = lazy(() => import('./shell/NotFound'));

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

/** Everything every screen shares: the theme, the auth state, the sync loop, the update prompt. */
function Root() {
  const { pathname } = useLocation();
  useTheme();
  useEffect(() => {
    void startAuth();
    const stopSettingsSync = startSettingsSync();
    let stopSync: (() => void) | undefined;
    let live = true;
    void import('./data/sync').then(({ startSync }) => {
      if (live) stopSync = startSync();
    });
    return () => {
      live = false;
      stopSettingsSync();
      stopSync?.();
    };
  }, []);
  return (
    <>
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<AuthSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </>
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
