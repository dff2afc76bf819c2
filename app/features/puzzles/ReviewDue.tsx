import { Link } from 'react-router';
import { Icon } from '../../shared/components/Icon';
import { useAuth } from '../auth';
import { useDueReviews } from './puzzles';

/** 'Review' on Lessons (issue 21): the failed puzzles and own mistakes due again (FSRS), from Dexie, offline too. */
export function ReviewDue() {
  const auth = useAuth();
  const due = useDueReviews(auth.status === 'signedIn' ? auth.user.id : null);
  if (!due || due.length === 0) return null;
  return (
    <section className="card" aria-labelledby="review-due-title">
      <h2 id="review-due-title">Review</h2>
      <p>{due.length === 1 ? '1 puzzle is' : `${due.length} puzzles are`} due again: puzzles you missed and mistakes from your games.</p>
      <Link className="button button--primary" to="/puzzles?review=1">
        <Icon name="puzzle" /> Start review
      </Link>
    </section>
  );
}
