import { useState } from 'react';
import { Link } from 'react-router';
import { isEliminationFormat } from '../../../domain/tournament-admin';
import { resultPoints } from '../../../domain/tournament/results';
import type { TournamentSnapshotView } from './tournaments';
import type { PairingView, RoundView } from './view';

/** A board's result as shown; a disputed one says '(provisional)' in words, not colour alone (issue 29). */
export function resultText(pairing: PairingView): string {
  if (pairing.isBye) return pairing.byeKind === 'half' ? '½ bye' : pairing.byeKind === 'zero' ? '0 bye' : 'bye';
  if (!pairing.gameResult) return '-';
  const text = pairing.gameResult.replace('1/2-1/2', '½-½');
  return pairing.provisional ? `${text} ${PROVISIONAL}` : text;
}

export const PROVISIONAL = '(provisional)';

function NoRounds() {
  return (
    <div className="card empty-state">
      <h2>No rounds yet</h2>
      <p>Rounds appear here once the organizer creates them.</p>
    </div>
  );
}

/** The pairings of one round at a time (the latest by default), with a print link. */
export function PairingsTab({ view }: { view: TournamentSnapshotView }) {
  const published = view.rounds.filter((round) => round.pairings.length > 0);
  const [chosen, setChosen] = useState<number | null>(null);
  if (view.rounds.length === 0) return <NoRounds />;
  if (published.length === 0) {
    return (
      <div className="card empty-state">
        <h2>No pairings yet</h2>
        <p>Pairings appear once the organizer generates them for a round.</p>
      </div>
    );
  }
  const round = published.find((r) => r.roundNumber === chosen) ?? published[published.length - 1]!;
  return (
    <>
      <div className="round-picker" role="group" aria-label="Round">
        {published.map((r) => (
          <button key={r.roundNumber} type="button" className="button" aria-pressed={r.roundNumber === round.roundNumber} onClick={() => setChosen(r.roundNumber)}>{r.name}</button>
        ))}
      </div>
      <div className="print-toolbar">
        <Link className="button" to={`/tournaments/${view.info.id}/print/pairings?round=${round.roundNumber}`}>Print pairings</Link>
        <Link className="button" to={`/tournaments/${view.info.id}/screen`}>Projector view</Link>
      </div>
      <PairingTable round={round} />
    </>
  );
}

export function PairingTable({ round }: { round: RoundView }) {
  return (
    <div className="data-table-wrap" tabIndex={0} role="region" aria-label={`${round.name} pairings table`}>
      <table className="data-table">
        <caption className="visually-hidden">{round.name} pairings</caption>
        <thead>
          <tr>
            <th scope="col" className="num">Board</th>
            <th scope="col">White</th>
            <th scope="col">Result</th>
            <th scope="col">Black</th>
          </tr>
        </thead>
        <tbody>
          {round.pairings.map((pairing) => (
            <tr key={pairing.id}>
              <td className="num">{pairing.boardNumber}</td>
              <td>{pairing.whitePlayerName}{pairing.whitePlayerElo ? ` (${pairing.whitePlayerElo})` : ''}</td>
              <td>{resultText(pairing)}</td>
              <td>{pairing.isBye ? '-' : `${pairing.blackPlayerName ?? ''}${pairing.blackPlayerElo ? ` (${pairing.blackPlayerElo})` : ''}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Elimination: a column per round; Swiss and round robin: round cards with a grid of games. */
export function BracketsTab({ view }: { view: TournamentSnapshotView }) {
  if (view.rounds.length === 0) return <NoRounds />;
  if (isEliminationFormat(view.info.format)) {
    return (
      <div className="bracket" tabIndex={0} role="region" aria-label="Bracket">
        {view.rounds.map((round) => (
          <section key={round.id} className="bracket__column" aria-label={round.name}>
            <h3>{round.name}</h3>
            {round.pairings.length === 0 && <p className="sync-line">Not paired yet</p>}
            {round.pairings.map((pairing) => {
              const points = pairing.gameResult === null ? null : resultPoints(pairing.gameResult);
              const whiteWon = pairing.isBye || (points !== null && points.white > points.black);
              const blackWon = points !== null && points.black > points.white;
              return (
                <div key={pairing.id} className="card bracket__match">
                  <span className={whiteWon ? 'bracket__player--winner' : undefined}>{pairing.whitePlayerName}</span>
                  <span className={blackWon ? 'bracket__player--winner' : undefined}>{pairing.isBye ? 'bye' : pairing.blackPlayerName}</span>
                  <span className="sync-line">{resultText(pairing)}</span>
                </div>
              );
            })}
          </section>
        ))}
      </div>
    );
  }
  return (
    <div className="round-cards">
      {view.rounds.map((round) => (
        <section key={round.id} className="card" aria-label={round.name}>
          <h3>{round.name}</h3>
          {round.pairings.length === 0 ? <p className="sync-line">Not paired yet</p> : (
            <div className="round-card__games">
              {round.pairings.map((pairing) => (
                <RoundCardGame key={pairing.id} pairing={pairing} />
              ))}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

function RoundCardGame({ pairing }: { pairing: PairingView }) {
  return (
    <>
      <span>{pairing.whitePlayerName}</span>
      <span className="result">{resultText(pairing)}</span>
      <span>{pairing.isBye ? '' : pairing.blackPlayerName}</span>
    </>
  );
}
