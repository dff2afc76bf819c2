/** What the rest of the app uses of tutorial: other features, the shell and App import it only from here. */
export { SHOW_TUTORIAL_STATE, useTutorial } from './useTutorial';
