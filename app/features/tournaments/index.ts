/** What the rest of the app uses of tournaments: other features, the shell and App import it only from here. */
export { fetchSnapshot } from './tournaments';
export { tournamentSync } from './tournament-store';
