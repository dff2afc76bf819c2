/** What the rest of the app uses of tutorial: other features, the shell and App import it only from here. */
import { lazy } from 'react';

/**
 * The overlay loads when it opens (a new player's first visit, or Help): its steps, text and
 * styles are not on the first screen's budget (docs/decisions.md, 'The first visit's JavaScript').
 * Shown under a Suspense boundary.
 */
export const TutorialOverlay = lazy(() => import('./TutorialOverlay').then((module) => ({ default: module.TutorialOverlay })));
export { SHOW_TUTORIAL_STATE, useTutorial } from './useTutorial';
