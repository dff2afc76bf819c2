/** What the rest of the app uses of games: other features, the shell and App import it only from here. */
export { formatDuration, gameTitle } from './history/history-query';
