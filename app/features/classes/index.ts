/** What the rest of the app uses of classes: other features, the shell and App import it only from here. */
export { TournamentClassesCard } from './TournamentClassesCard';
export { lookUpClassCode } from './class-codes';
