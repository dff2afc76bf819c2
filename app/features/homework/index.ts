/** What the rest of the app uses of homework: other features, the shell and App import it only from here. */
export { HomeworkList } from './HomeworkList';
export { HomeworkPanel } from './HomeworkPanel';
