import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../shared/components/Icon';
import { DESKTOP_QUERY, useMediaQuery } from '../../shared/useMediaQuery';
import { isGame, pairingRuleConflicts } from '../../../domain/tournament-admin';
import { RESULT_REASONS, TOURNAMENT_RESULTS, type ResultReason, type TournamentResult } from '../../../schema';
import type { TournamentSnapshotView } from './tournaments';
import { PAIRING_STAGES, type PairingProgress } from '../../../worker/pairing-client';
import { ROUND_STATUS_LABELS, StatusBadge } from './labels';
import { resultText } from './PairingsTabs';
import { useAction } from './useAction';
import type { DisputeView, PairingView, RoundView } from './view';

const RESULT_LABELS: Record<TournamentResult, string> = {
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '½-½',
  '+-': 'White wins by forfeit',
  '-+': 'Black wins by forfeit',
  '--': 'Double forfeit',
};

/** A select's value as a result ('' for none chosen). */
const resultOf = (value: string): TournamentResult | '' => TOURNAMENT_RESULTS.find((result) => result === value) ?? '';

/** The reasons an organiser chooses from; 'forfeit' goes with the forfeit results and is not offered. */
type ChosenReason = Exclude<ResultReason, 'forfeit'>;
const CHOSEN_REASONS = RESULT_REASONS.filter((reason): reason is ChosenReason => reason !== 'forfeit');
const reasonOf = (value: string): ChosenReason | '' => CHOSEN_REASONS.find((reason) => reason === value) ?? '';
const REASON_LABELS: Record<ChosenReason, string> = {
  checkmate: 'Checkmate',
  resignation: 'Resignation',
  time: 'Time',
  draw_agreement: 'Draw agreement',
  stalemate: 'Stalemate',
  threefold: 'Threefold repetition',
  fifty_move: 'Fifty-move rule',
};

/** Spec: on first display the selected round is the in-progress one, else the paired one, else the last. */
export function initialRound(rounds: readonly RoundView[]): RoundView | null {
  return rounds.find((round) => round.status === 'in_progress') ?? rounds.find((round) => round.status === 'paired') ?? rounds.at(-1) ?? null;
}

/** Rounds (managers): create, pair, start, enter and correct results, resolve disputes. */
export function RoundsTab({ view }: { view: TournamentSnapshotView }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const round = view.rounds.find((r) => r.roundNumber === chosen) ?? initialRound(view.rounds);
  const last = view.rounds.at(-1);
  const canCreate = !last || last.status === 'completed';
  const openDisputes = view.disputes.filter((dispute) => dispute.status !== 'resolved');

  return (
    <>
      {openDisputes.length > 0 && (
        <section className="card dispute" aria-label="Disputed results">
          <h2>Disputed results</h2>
          <ul className="profile-list">
            {openDisputes.map((dispute) => <DisputeRow key={dispute.id} view={view} dispute={dispute} />)}
          </ul>
        </section>
      )}
      {canCreate && view.info.status !== 'completed' && view.info.status !== 'cancelled' && <CreateRoundForm view={view} />}
      {view.rounds.length === 0 ? (
        <div className="card empty-state">
          <h2>No rounds yet</h2>
          <p>Create the first round, then generate its pairings.</p>
        </div>
      ) : (
        <div className="round-picker" role="group" aria-label="Round">
          {view.rounds.map((r) => (
            <button key={r.roundNumber} type="button" className="button" aria-pressed={round?.roundNumber === r.roundNumber} onClick={() => setChosen(r.roundNumber)}>{r.name}</button>
          ))}
        </div>
      )}
      {/* Keyed by number: a round made offline has a local id until the server's snapshot replaces it. */}
      {round && <RoundPanel key={round.roundNumber} view={view} round={round} />}
    </>
  );
}

function CreateRoundForm({ view }: { view: TournamentSnapshotView }) {
  const { pending, run } = useAction();
  const nameId = useId();
  const timeId = useId();
  const number = view.rounds.length + 1;
  const [name, setName] = useState(`Round ${number}`);
  const [startTime, setStartTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Round name is required');
      return;
    }
    setError(null);
    const created = await run(
      'create',
      () => view.actions.createRound({ roundNumber: number, name: name.trim(), startTime: startTime ? new Date(startTime).toISOString() : null }),
      'Round created successfully',
      'Error creating round',
    );
    if (created) setName(`Round ${number + 1}`);
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate aria-label="Create round">
      <div className="tournament-form__grid">
        <div className="field">
          <label htmlFor={nameId} className="field__label">Round name</label>
          <input id={nameId} className="input" value={name} onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined} aria-describedby={error ? `${nameId}-error` : undefined} />
          {error && <p id={`${nameId}-error`} className="field__error" role="alert">{error}</p>}
        </div>
        <div className="field">
          <label htmlFor={timeId} className="field__label">Start time (optional)</label>
          <input id={timeId} className="input" type="datetime-local" value={startTime} onChange={(event) => setStartTime(event.target.value)} />
        </div>
      </div>
      <button type="submit" className="button button--primary" disabled={pending !== null}>Create Round</button>
    </form>
  );
}

function RoundPanel({ view, round }: { view: TournamentSnapshotView; round: RoundView }) {
  const { pending, run } = useAction();
  const [progress, setProgress] = useState<PairingProgress | null>(null);
  const generate = () =>
    run('pair', async () => {
      try {
        await view.actions.generatePairings(round.roundNumber, setProgress);
      } finally {
        setProgress(null);
      }
    }, 'Pairings generated successfully', 'Error generating pairings');

  return (
    <section className="card round-panel" aria-label={round.name}>
      <div className="page__actions">
        <h2>{round.name}</h2>
        <StatusBadge status={round.status} labels={ROUND_STATUS_LABELS} />
      </div>
      <p className="sync-line">{round.completedGames} of {round.gamesCount} games completed</p>
      <div className="round-actions">
        {round.status === 'created' && (
          <button type="button" className="button button--primary" disabled={pending !== null} onClick={() => void generate()}>Generate Pairings</button>
        )}
        {round.status === 'paired' && (
          <button type="button" className="button button--primary" disabled={pending !== null}
            onClick={() => void run('start', () => view.actions.startRound(round.roundNumber), 'Round started successfully', 'Error starting round')}>
            Start Round
          </button>
        )}
        {round.pairings.length > 0 && (
          <Link className="button" to={`/tournaments/${view.info.id}/print/pairings?round=${round.roundNumber}`}>Print pairings</Link>
        )}
      </div>
      {progress && <PairingProgressBar progress={progress} />}
      {round.pairings.length === 0 ? (
        <p className="sync-line">No pairings yet.</p>
      ) : (
        <ResultsTable view={view} round={round} />
      )}
      {/* Under the boards, so board 1 stays on the first screen of a phone. */}
      <GaveWay view={view} round={round} />
    </section>
  );
}

/**
 * Issue 29: the boards where a prohibited pairing had to give way (no pairing kept every school,
 * club or pair apart), said on the pairing screen so the arbiter can explain it.
 */
function GaveWay({ view, round }: { view: TournamentSnapshotView; round: RoundView }) {
  const boards = round.pairings.map((p) => ({ boardNumber: p.boardNumber, whiteUserId: p.whitePlayerId, blackUserId: p.blackPlayerId }));
  const conflicts = pairingRuleConflicts({ tournament: view.info, registrations: view.registrations }, round.roundNumber, boards);
  if (conflicts.length === 0) return null;
  const name = (userId: number) => round.pairings.find((p) => p.whitePlayerId === userId)?.whitePlayerName ?? round.pairings.find((p) => p.blackPlayerId === userId)?.blackPlayerName ?? `Player ${userId}`;
  return (
    <div className="notice gave-way" role="note" aria-label="Prohibited pairings that gave way">
      <p><strong>No pairing kept everyone apart, so these players meet:</strong></p>
      <ul>
        {conflicts.map((c) => (
          <li key={c.boardNumber}>
            Board {c.boardNumber}: <bdi>{name(c.whiteUserId)}</bdi> and <bdi>{name(c.blackUserId)}</bdi>{' '}
            ({c.rule === 'school' ? 'same school or club' : 'kept apart by the organiser'})
          </li>
        ))}
      </ul>
    </div>
  );
}

function PairingProgressBar({ progress }: { progress: PairingProgress }) {
  const step = PAIRING_STAGES.indexOf(progress.stage) + 1;
  return (
    <div className="pairing-progress" role="status">
      <label>
        Pairing {progress.players} players ({progress.stage === 'pairing' ? 'computing' : progress.stage})
        <progress className="progress" max={PAIRING_STAGES.length} value={step} />
      </label>
    </div>
  );
}

/** Keys an arbiter types on a board's result (issue 20): 1 White wins, 0 Black wins, = a draw. */
export function resultForKey(key: string): TournamentResult | null {
  if (key === '1') return '1-0';
  if (key === '0') return '0-1';
  if (key === '=' || key === '½') return '1/2-1/2';
  return null;
}

/**
 * The boards as a compact table: board, White, Black (with W/B marks and ratings), the result. On a
 * phone White and Black share one column, a line each, so names keep their width.
 */
function ResultsTable({ view, round }: { view: TournamentSnapshotView; round: RoundView }) {
  const wide = useMediaQuery(DESKTOP_QUERY);
  return (
    <div className="data-table-wrap">
      <table className="data-table results-table">
        <caption className="visually-hidden">Results of {round.name}. In a result box type 1, 0 or = and press Enter.</caption>
        <thead>
          <tr>
            <th scope="col" className="num">Bd</th>
            {wide ? (
              <>
                <th scope="col">White</th>
                <th scope="col">Black</th>
              </>
            ) : (
              <th scope="col">White / Black</th>
            )}
            <th scope="col" className="results-table__result">Result</th>
          </tr>
        </thead>
        <tbody>
          {round.pairings.map((pairing) => (
            <GameRow key={pairing.boardNumber} view={view} round={round} pairing={pairing} wide={wide}
              disputed={pairing.provisional === true} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PlayerLine({ colour, name, elo }: { colour: 'w' | 'b'; name: string | null; elo: number | null }) {
  return (
    <span className="results-table__line">
      <span className={`colour-mark colour-mark--${colour}`} aria-label={colour === 'w' ? 'White' : 'Black'} role="img">{colour === 'w' ? 'W' : 'B'}</span>
      <span className="results-table__name" title={name ?? undefined}>{name ?? '—'}</span>
      {elo !== null && <span className="results-table__elo">{elo}</span>}
    </span>
  );
}

/** A board's result being entered or corrected: its fields, the check, and sending it. */
function useResultEntry(view: TournamentSnapshotView, round: RoundView, pairing: PairingView, completed: boolean) {
  const { pending, run } = useAction();
  const [result, setResult] = useState<TournamentResult | ''>('');
  const [reason, setReason] = useState<ChosenReason | ''>('');
  const [note, setNote] = useState('');
  const [correcting, setCorrecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!result) {
      setError('Choose a result');
      return;
    }
    if (completed && !note.trim()) {
      setError('A note is required to correct a result');
      return;
    }
    setError(null);
    const board = { roundNumber: round.roundNumber, boardNumber: pairing.boardNumber };
    const players = { whiteUserId: pairing.whitePlayerId, blackUserId: pairing.blackPlayerId! };
    const done = completed
      ? await run('correct', () => view.actions.correctResult(board, result, note.trim()), 'Result corrected', 'Error submitting result')
      : await run('submit', () => view.actions.submitResult({ ...board, ...players }, result, reason || null), 'Result submitted successfully', 'Error submitting result');
    if (done) {
      setCorrecting(false);
      setResult('');
      setReason('');
      setNote('');
      if (!completed) focusNextResult(pairing.boardNumber);
    }
  };

  // Typing at the venue: 1, 0 or = picks the result, Enter submits it (a correction also needs its note).
  const onResultKey = (event: KeyboardEvent<HTMLSelectElement>) => {
    const typed = resultForKey(event.key);
    if (typed !== null) {
      event.preventDefault();
      setResult(typed);
    } else if (event.key === 'Enter' && result && !completed) {
      event.preventDefault();
      void submit();
    }
  };

  return { pending, result, setResult, reason, setReason, note, setNote, correcting, setCorrecting, error, submit, onResultKey };
}

type ResultEntry = ReturnType<typeof useResultEntry>;

function GameRow({ view, round, pairing, disputed, wide }: { view: TournamentSnapshotView; round: RoundView; pairing: PairingView; disputed: boolean; wide: boolean }) {
  const completed = pairing.gameStatus === 'completed';
  const entry = useResultEntry(view, round, pairing, completed);
  const ids = { result: useId(), reason: useId(), note: useId() };
  // A result is entered while the round is in progress; a completed game can be corrected later too.
  const canEnter = isGame(pairing) && (completed ? round.status === 'in_progress' || round.status === 'completed' : round.status === 'in_progress');
  const label = `Board ${pairing.boardNumber}: ${pairing.whitePlayerName} - ${pairing.blackPlayerName ?? 'bye'}`;
  const editing = canEnter && (!completed || entry.correcting);

  return (
    <tr className={disputed ? 'results-table__row--disputed' : undefined} aria-label={label} data-board={pairing.boardNumber}>
      <td className="num">{pairing.boardNumber}</td>
      <PlayerCells pairing={pairing} wide={wide} />
      <td className="results-table__result">
        {/* Issue 29: '1-0 (provisional)' in words, as on every device; the dispute is listed above. */}
        {!pairing.isBye && !editing && <strong>{resultText(pairing)}</strong>}
        {!pairing.isBye && !editing && disputed && <span className="field__hint"> (disputed)</span>}
        {editing && <ResultForm entry={entry} ids={ids} boardNumber={pairing.boardNumber} completed={completed} />}
        {canEnter && completed && !entry.correcting && (
          <button type="button" className="link-button results-table__correct" onClick={() => entry.setCorrecting(true)}>Correct result</button>
        )}
      </td>
    </tr>
  );
}

/** The players' cells: one each on a wide screen, both in one on a narrow one. */
function PlayerCells({ pairing, wide }: { pairing: PairingView; wide: boolean }) {
  return wide ? (
    <>
      <td className="results-table__player"><PlayerLine colour="w" name={pairing.whitePlayerName} elo={pairing.whitePlayerElo} /></td>
      <td className="results-table__player">
        {pairing.isBye ? resultText(pairing) : <PlayerLine colour="b" name={pairing.blackPlayerName} elo={pairing.blackPlayerElo} />}
      </td>
    </>
  ) : (
    <td className="results-table__player">
      <PlayerLine colour="w" name={pairing.whitePlayerName} elo={pairing.whitePlayerElo} />
      {pairing.isBye ? <span className="results-table__line">{resultText(pairing)}</span> : <PlayerLine colour="b" name={pairing.blackPlayerName} elo={pairing.blackPlayerElo} />}
    </td>
  );
}

interface ResultFormProps {
  entry: ResultEntry;
  ids: { result: string; reason: string; note: string };
  boardNumber: number;
  completed: boolean;
}

/** The result (with an optional reason), or for a completed game the correction and its note. */
function ResultForm({ entry, ids, boardNumber, completed }: ResultFormProps) {
  const { result, pending, error } = entry;
  return (
    <form className="results-table__form" onSubmit={(event) => void entry.submit(event)} noValidate>
      <label htmlFor={ids.result} className="visually-hidden">Result for board {boardNumber}</label>
      <select id={ids.result} className="input results-table__select" value={result} data-result-select
        onChange={(event) => entry.setResult(resultOf(event.target.value))} onKeyDown={entry.onResultKey}>
        <option value="">Result</option>
        {TOURNAMENT_RESULTS.map((value) => <option key={value} value={value}>{RESULT_LABELS[value]}</option>)}
      </select>
      {result && !completed && (
        <>
          <label htmlFor={ids.reason} className="visually-hidden">Reason for board {boardNumber} (optional)</label>
          <select id={ids.reason} className="input" value={entry.reason} onChange={(event) => entry.setReason(reasonOf(event.target.value))}>
            <option value="">Reason</option>
            {CHOSEN_REASONS.map((value) => <option key={value} value={value}>{REASON_LABELS[value]}</option>)}
          </select>
        </>
      )}
      {completed && (
        <>
          <label htmlFor={ids.note} className="visually-hidden">Correction note for board {boardNumber}</label>
          <input id={ids.note} className="input" placeholder="Why the result changes" value={entry.note} onChange={(event) => entry.setNote(event.target.value)} />
        </>
      )}
      {completed ? (
        <button type="submit" className="button button--primary" disabled={pending !== null}>Save correction</button>
      ) : (
        result && (
          <button type="submit" className="button button--primary results-table__submit" aria-label="Submit result" title="Submit result" disabled={pending !== null}>
            <Icon name="check" />
          </button>
        )
      )}
      {error && <p className="field__error" role="alert">{error}</p>}
    </form>
  );
}

/** After a result, the next board still waiting for one (keyboard entry goes on down the table). */
function focusNextResult(board: number) {
  const next = [...document.querySelectorAll<HTMLSelectElement>('[data-result-select]')].find(
    (select) => Number(select.closest('tr')?.dataset.board) > board,
  );
  next?.focus();
}

function DisputeRow({ view, dispute }: { view: TournamentSnapshotView; dispute: DisputeView }) {
  const { pending, run } = useAction();
  const id = useId();
  const noteId = useId();
  const [result, setResult] = useState<TournamentResult | ''>('');
  const [note, setNote] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!result) return;
    await run('resolve', () => view.actions.resolveDispute(dispute.id, result, note.trim() || 'Resolved by the organizer'), 'Dispute resolved', 'Error submitting result');
  };
  return (
    <li>
      <strong>{dispute.subject}</strong>
      <span className="field__hint">{dispute.description}</span>
      <form className="round-actions" onSubmit={(event) => void submit(event)}>
        <label htmlFor={id} className="visually-hidden">Result to keep for {dispute.subject}</label>
        <select id={id} className="input" value={result} onChange={(event) => setResult(resultOf(event.target.value))}>
          <option value="">Result to keep</option>
          {TOURNAMENT_RESULTS.map((value) => <option key={value} value={value}>{RESULT_LABELS[value]}</option>)}
        </select>
        <label htmlFor={noteId} className="visually-hidden">Resolution note</label>
        <input id={noteId} className="input" placeholder="Resolution note" value={note} onChange={(event) => setNote(event.target.value)} />
        <button type="submit" className="button button--primary" disabled={pending !== null || !result}>Resolve</button>
      </form>
    </li>
  );
}
