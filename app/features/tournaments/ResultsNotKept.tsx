import { resultNotKeptMessage, type ResultNotKept } from '../../../domain/tournament-admin';
import { noteEnteredResult } from './tournament-store';
import type { TournamentSnapshotView } from './tournaments';

/**
 * Issue 29: on the device whose result the server did not keep (another device's came first, or
 * the arbiter decided otherwise), both results in words, until dismissed. Every other device only
 * shows the board's result, '(provisional)' while the dispute is open.
 */
export function ResultsNotKept({ view, notKept }: { view: TournamentSnapshotView; notKept: readonly ResultNotKept[] }) {
  const roundName = (roundNumber: number) => view.rounds.find((round) => round.roundNumber === roundNumber)?.name ?? `Round ${roundNumber}`;
  return (
    <section className="page notice notice--error" role="alert" aria-label="Results not kept">
      <h2>Results not kept</h2>
      <ul>
        {notKept.map((entry) => (
          <li key={`${entry.roundNumber}:${entry.boardNumber}`}>
            {resultNotKeptMessage(entry, roundName(entry.roundNumber))}{' '}
            <button type="button" className="link-button" onClick={() => void noteEnteredResult(view.info.id, entry, null)}>Dismiss</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
