import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../shared/components/Icon';
import { useAuth } from '../auth';
import { useDueReviews } from './puzzles';

/** 'Review' on Lessons (issue 21): the failed puzzles and own mistakes due again (FSRS), from Dexie, offline too. */
export function ReviewDue() {
  const auth = useAuth();
  const due = useDueReviews(auth.status === 'signedIn' ? auth.user.id : null);
  const { t } = useLingui();
  if (!due || due.length === 0) return null;
  const count = due.length;
  return (
    <section className="card" aria-labelledby="review-due-title">
      <h2 id="review-due-title"><Trans>Review</Trans></h2>
      <p>{t`${plural(count, { one: '# puzzle is', other: '# puzzles are' })} due again: puzzles you missed and mistakes from your games.`}</p>
      <Link className="button button--primary" to="/puzzles?review=1">
        <Icon name="puzzle" /> <Trans>Start review</Trans>
      </Link>
    </section>
  );
}
