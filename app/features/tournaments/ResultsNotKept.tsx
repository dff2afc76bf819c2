import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { shownResult, type ResultNotKept } from '../../../domain/tournament-admin';
import { noteEnteredResult } from './tournament-store';
import type { TournamentSnapshotView } from './tournaments';

/**
 * The message on the device whose result was not kept: both results, and whether the kept one
 * still waits for the arbiter ('Round 2, board 3: your result 1-0 was not kept; the arbiter's result is 0-1.').
 */
export function resultNotKeptText(i18n: I18n, notKept: ResultNotKept, roundName: string): string {
  const boardNumber = notKept.boardNumber;
  const yours = shownResult(notKept.result);
  const kept = shownResult(notKept.kept);
  return notKept.provisional
    ? i18n._(msg`${roundName}, board ${boardNumber}: your result ${yours} was not kept; the result ${kept} entered on another device stands until the arbiter decides (provisional).`)
    : i18n._(msg`${roundName}, board ${boardNumber}: your result ${yours} was not kept; the arbiter's result is ${kept}.`);
}

/**
 * Issue 29: on the device whose result the server did not keep (another device's came first, or
 * the arbiter decided otherwise), both results in words, until dismissed. Every other device only
 * shows the board's result, '(provisional)' while the dispute is open.
 */
export function ResultsNotKept({ view, notKept }: { view: TournamentSnapshotView; notKept: readonly ResultNotKept[] }) {
  const { i18n, t } = useLingui();
  const roundName = (roundNumber: number) => view.rounds.find((round) => round.roundNumber === roundNumber)?.name ?? t`Round ${roundNumber}`;
  return (
    <section className="page notice notice--error" role="alert" aria-label={t`Results not kept`}>
      <h2><Trans>Results not kept</Trans></h2>
      <ul>
        {notKept.map((entry) => (
          <li key={`${entry.roundNumber}:${entry.boardNumber}`}>
            {resultNotKeptText(i18n, entry, roundName(entry.roundNumber))}{' '}
            <button type="button" className="link-button" onClick={() => void noteEnteredResult(view.info.id, entry, null)}><Trans>Dismiss</Trans></button>
          </li>
        ))}
      </ul>
    </section>
  );
}
