import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The app's message catalogues (issue 28). English is the source: the spec's wording is written in
 * the components and extracted from them. Two catalogues per language: `first` holds what the
 * first screen can show (the shell, the landing page, the shared pieces), bundled for English
 * so the first paint needs no request; `screens` holds the lazy screens' messages (Play's too:
 * Play is a lazy screen) and loads with them
 * (app/shared/i18n/catalogues.ts).
 */
/** The shell's lazily loaded parts (each loaded with lazyScreen, which waits for this catalogue). */
const LATER_SHELL = ['<rootDir>/app/shell/RefusedChanges.tsx', '<rootDir>/app/shell/NotFound.tsx', '<rootDir>/app/pwa'];
/**
 * Shared words only the lazy screens say: the board's (square names, the move log, the typed box),
 * the coach's (Play, the review, lessons, puzzles) and the server's refusals by code (loaded with
 * every language but English, whose words the server's own are: app/shared/api.ts).
 */
const LATER_SHARED = [
  '<rootDir>/app/shared/components/board',
  '<rootDir>/app/shared/i18n/square-words.ts',
  '<rootDir>/app/shared/i18n/chess-words.ts',
  '<rootDir>/app/shared/i18n/coach-words.ts',
  '<rootDir>/app/shared/i18n/coach-pieces.ts',
  '<rootDir>/app/shared/i18n/server-messages.ts',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi', 'es', 'fr', 'ar', 'pseudo'],
  // For the e2e pass that finds text that did not come from a catalogue.
  pseudoLocale: { locale: 'pseudo', prepend: '⟦', append: '⟧' },
  fallbackLocales: { default: 'en' },
  // Line numbers would change every catalogue at every edit above a message.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    // The shell's parts that load after the first paint are with the lazy screens.
    {
      path: '<rootDir>/app/locales/{locale}/first',
      include: ['<rootDir>/app/App.tsx', '<rootDir>/app/main.tsx', '<rootDir>/app/shell', '<rootDir>/app/shared', '<rootDir>/app/features/games/play'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', ...LATER_SHELL, ...LATER_SHARED],
    },
    {
      path: '<rootDir>/app/locales/{locale}/screens',
      include: ['<rootDir>/app/features', ...LATER_SHELL, ...LATER_SHARED],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
});
