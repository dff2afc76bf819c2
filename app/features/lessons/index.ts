/** What the rest of the app uses of lessons: other features, the shell and App import it only from here. */
export { useLessons } from './lessons';
