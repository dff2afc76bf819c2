import { Suspense, useEffect } from 'react';
import { i18n } from '@lingui/core';
import { BrowserRouter, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { Preferences } from '../schema';
import { startSettingsSync, useAppLocale, usePreferences } from './features/settings';
import { startAuth } from './features/auth';
import { ToastProvider } from './shared/components/Toast';
import { ScreenReaderBoardContext } from './shared/components/board/screen-reader-board';
import { AuthSpinner } from './shell/AuthSpinner';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { Gate, SignedOutOnly } from './shell/Gate';
import { Shell } from './shell/Shell';
import { useRouteFocus } from './shell/useRouteFocus';
import { activateLocale, lazyScreen, PSEUDO_LOCALE } from './shared/i18n';

// Loaded after the first paint (issue 20): the update prompt (with workbox-window) and the sync loop.
/**
 * Play is lazy too: a first visit sees the landing page, which needs neither the board nor
 * chess.js (about 40 KB gzip); Root starts loading Play as soon as the app has painted, so a
 * guest's 'Play as guest' or a signed-in child's Play does not wait for it.
 */
const loadPlay = () => import('./features/games/play/PlayScreen');
const PlayScreen = lazyScreen(loadPlay);
const UpdatePrompt = lazyScreen(() => import('./pwa/UpdatePrompt').then((module) => ({ default: module.UpdatePrompt })));
const SettingsScreen = lazyScreen(() => import('./features/settings/SettingsScreen'));
const LoginScreen = lazyScreen(() => import('./features/auth/LoginScreen'));
const RegisterScreen = lazyScreen(() => import('./features/auth/RegisterScreen'));
const ForgotPasswordScreen = lazyScreen(() => import('./features/auth/ForgotPasswordScreen'));
const ResetPasswordScreen = lazyScreen(() => import('./features/auth/ResetPasswordScreen'));
const VerifyEmailScreen = lazyScreen(() => import('./features/auth/VerifyEmailScreen'));
const HistoryScreen = lazyScreen(() => import('./features/games/history/HistoryScreen'));
const ReplayScreen = lazyScreen(() => import('./features/games/replay/ReplayScreen'));
const LessonsScreen = lazyScreen(() => import('./features/lessons/LessonsScreen'));
const LessonScreen = lazyScreen(() => import('./features/lessons/LessonScreen'));
const ProgressScreen = lazyScreen(() => import('./features/progress/ProgressScreen'));
const PuzzlesScreen = lazyScreen(() => import('./features/puzzles/PuzzlesScreen'));
const TipsScreen = lazyScreen(() => import('./features/tips/TipsScreen'));
const TournamentsScreen = lazyScreen(() => import('./features/tournaments/TournamentsScreen'));
const CreateTournamentScreen = lazyScreen(() => import('./features/tournaments/CreateTournamentScreen'));
const TournamentDetailScreen = lazyScreen(() => import('./features/tournaments/TournamentDetailScreen'));
const ManageTournamentScreen = lazyScreen(() => import('./features/tournaments/ManageTournamentScreen'));
const TournamentPrintScreen = lazyScreen(() => import('./features/tournaments/TournamentPrintScreen'));
const ProjectorScreen = lazyScreen(() => import('./features/tournaments/ProjectorScreen'));
const OrganizationsScreen = lazyScreen(() => import('./features/organizations/OrganizationsScreen'));
const CreateOrganizationScreen = lazyScreen(() => import('./features/organizations/CreateOrganizationScreen'));
const OrganizationDetailScreen = lazyScreen(() => import('./features/organizations/OrganizationDetailScreen'));
const ClassesScreen = lazyScreen(() => import('./features/classes/ClassesScreen'));
const ClassDetailScreen = lazyScreen(() => import('./features/classes/ClassDetailScreen'));
const ClassCardsScreen = lazyScreen(() => import('./features/classes/ClassCardsScreen'));
const ParentLettersScreen = lazyScreen(() => import('./features/classes/ParentLettersScreen'));
const ChildrenScreen = lazyScreen(() => import('./features/parents/ChildrenScreen'));
const ClassStudentScreen = lazyScreen(() => import('./features/classes/ClassStudentScreen'));
const SignInCodeScreen = lazyScreen(() => import('./features/classes/SignInCodeScreen'));
const NotFound = lazyScreen(() => import('./shell/NotFound'));

/** Applies the light or dark theme from preferences to the whole document. */
function useTheme(theme: Preferences['theme'] | undefined) {
  useEffect(() => {
    if (!theme) return;
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#1b1e23' : '#f5f3ee');
  }, [theme]);
}

/**
 * Shows the app in the language chosen (the account's when signed in, else this device's: ./features/settings/language.ts),
 * or the browser's when none is, and follows a change at once (issue 28). The pseudo-locale, set
 * only by the e2e pass, is left as it is.
 */
function useLanguage() {
  const locale = useAppLocale();
  useEffect(() => {
    if (locale === undefined || i18n.locale === PSEUDO_LOCALE) return;
    if (locale !== i18n.locale) void activateLocale(locale);
  }, [locale]);
}

/**
 * Everything every screen shares: the language, the theme, the boards as text or not ('Board for
 * screen readers'), the auth state, the sync loop, the update prompt.
 */
function Root() {
  const { pathname } = useLocation();
  const { preferences } = usePreferences();
  useLanguage();
  useTheme(preferences?.theme);
  useRouteFocus();
  useEffect(() => {
    void startAuth();
    void loadPlay();
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
