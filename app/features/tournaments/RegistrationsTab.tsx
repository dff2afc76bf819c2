import { useId, useState, type FormEvent } from 'react';
import { LATE_ENTRY_POINTS, type LateEntryPoints } from '../../../schema';
import type { TournamentSnapshotView } from './tournaments';
import { REGISTRATION_STATUS_LABELS, StatusBadge } from './labels';
import { useAction } from './useAction';
import type { RegistrationView } from './view';

/** What the rounds a late entry missed count as, for each of the schema's choices. */
const MISSED_ROUND_LABELS: Readonly<Record<LateEntryPoints, string>> = { zero: '0 points each', half: '½ point each' };

const FILTERS = ['all', 'pending', 'confirmed', 'waitlisted', 'cancelled'] as const;

/** Registrations (managers): approve, reject with a reason, withdraw, byes, late entries. */
export function RegistrationsTab({ view }: { view: TournamentSnapshotView }) {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const filterId = useId();
  const rows = view.registrations.filter((registration) => filter === 'all' || registration.status === filter);
  return (
    <>
      <ApproveAll view={view} />
      <div className="field">
        <label htmlFor={filterId} className="field__label">Show</label>
        <select id={filterId} className="input" value={filter} onChange={(event) => setFilter(event.target.value as (typeof FILTERS)[number])}>
          {FILTERS.map((name) => <option key={name} value={name}>{name === 'all' ? 'All registrations' : REGISTRATION_STATUS_LABELS[name]}</option>)}
        </select>
      </div>
      {view.info.status === 'in_progress' && <LateEntryForm view={view} />}
      {rows.length === 0 ? (
        <div className="card empty-state">
          <h2>No registrations</h2>
          <p>{filter === 'all' ? 'Players who register appear here for approval.' : 'No registration has this status.'}</p>
        </div>
      ) : (
        <ul className="profile-list">
          {rows.map((registration) => <RegistrationRow key={registration.id} view={view} registration={registration} />)}
        </ul>
      )}
    </>
  );
}

/**
 * 'Approve all' (issue 20): every pending registration, one after another, each the same approval
 * (and so the same queued mutation) as its own Approve button; the first refusal stops the run.
 */
function ApproveAll({ view }: { view: TournamentSnapshotView }) {
  const { pending, run } = useAction();
  const waiting = view.registrations.filter((registration) => registration.status === 'pending');
  if (waiting.length === 0) return null;
  const approveAll = () =>
    run('approveAll', async () => {
      for (const registration of waiting) await view.actions.approve(registration.userId);
    }, waiting.length === 1 ? 'Registration approved' : `${waiting.length} registrations approved`, 'Error approving registration');
  return (
    <div className="round-actions">
      <button type="button" className="button button--primary" disabled={pending !== null} onClick={() => void approveAll()}>
        Approve all ({waiting.length})
      </button>
    </div>
  );
}

function RegistrationRow({ view, registration }: { view: TournamentSnapshotView; registration: RegistrationView }) {
  const { pending, run } = useAction();
  const [rejecting, setRejecting] = useState(false);
  const [byeOpen, setByeOpen] = useState(false);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { actions } = view;

  const reject = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError('A reason is required to reject a registration');
      return;
    }
    if (await run('reject', () => actions.reject(registration.userId, reason.trim()), 'Registration rejected', 'Error rejecting registration')) {
      setRejecting(false);
    }
  };

  return (
    <li className="card" aria-label={registration.userName}>
      <strong>{registration.userName}</strong>
      {registration.realName && <> (<bdi>{registration.realName}</bdi>)</>}
      {registration.userElo !== null && <span className="badge badge--muted">{registration.userElo}</span>}
      <StatusBadge status={registration.status} labels={REGISTRATION_STATUS_LABELS} />
      {registration.userEmail && <span className="field__hint">{registration.userEmail}</span>}
      <div className="round-actions">
        {(registration.status === 'pending' || registration.status === 'waitlisted') && (
          <button type="button" className="button button--primary" disabled={pending !== null}
            onClick={() => void run('approve', () => actions.approve(registration.userId), 'Registration approved', 'Error approving registration')}>
            Approve
          </button>
        )}
        {registration.status === 'pending' && (
          <button type="button" className="button" disabled={pending !== null} onClick={() => setRejecting(true)}>Reject</button>
        )}
        {registration.status === 'confirmed' && (
          <>
            <button type="button" className="button" disabled={pending !== null} onClick={() => setByeOpen(!byeOpen)}>Request bye</button>
            <button type="button" className="button button--danger" disabled={pending !== null}
              onClick={() => void run('withdraw', () => actions.withdraw(registration.userId), 'Player withdrawn', 'Error withdrawing player')}>
              Withdraw
            </button>
          </>
        )}
      </div>
      {rejecting && (
        <form className="field" onSubmit={(event) => void reject(event)} noValidate>
          <label htmlFor={reasonId} className="field__label">Reason for rejecting {registration.userName}</label>
          <input id={reasonId} className="input" value={reason} onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? `${reasonId}-error` : undefined} />
          {reasonError && <p id={`${reasonId}-error`} className="field__error" role="alert">{reasonError}</p>}
          <div className="round-actions">
            <button type="submit" className="button button--danger" disabled={pending !== null}>Reject registration</button>
            <button type="button" className="button" onClick={() => setRejecting(false)}>Cancel</button>
          </div>
        </form>
      )}
      {byeOpen && <ByeForm view={view} registration={registration} onDone={() => setByeOpen(false)} />}
    </li>
  );
}

function ByeForm({ view, registration, onDone }: { view: TournamentSnapshotView; registration: RegistrationView; onDone: () => void }) {
  const { pending, run } = useAction();
  const roundId = useId();
  const kindId = useId();
  const nextRound = (view.rounds.at(-1)?.status === 'completed' || view.rounds.length === 0 ? view.rounds.length + 1 : view.rounds.length);
  const [round, setRound] = useState(String(nextRound));
  const [kind, setKind] = useState<'half' | 'zero'>('half');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run('bye', () => view.actions.requestBye(registration.userId, Number(round), kind), 'Bye recorded', 'Error recording bye')) onDone();
  };
  return (
    <form className="tournament-form__grid" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={roundId} className="field__label">Round</label>
        <input id={roundId} className="input" type="number" min={1} value={round} onChange={(event) => setRound(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={kindId} className="field__label">Bye</label>
        <select id={kindId} className="input" value={kind} onChange={(event) => setKind(event.target.value as 'half' | 'zero')}>
          <option value="half">Half-point bye</option>
          <option value="zero">Zero-point bye</option>
        </select>
      </div>
      <div className="round-actions">
        <button type="submit" className="button button--primary" disabled={pending !== null}>Save bye</button>
        <button type="button" className="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function LateEntryForm({ view }: { view: TournamentSnapshotView }) {
  const { pending, run } = useAction();
  const id = useId();
  const [who, setWho] = useState('');
  const [missed, setMissed] = useState<LateEntryPoints>('zero');
  const missedId = useId();
  const candidates = view.registrations.filter((registration) => registration.status === 'pending' || registration.status === 'waitlisted');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const registration = candidates.find((candidate) => String(candidate.id) === who);
    if (!registration) return;
    if (await run('late', () => view.actions.approve(registration.userId), 'Late entry added', 'Error approving registration')) setWho('');
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)}>
      <h2>Late entry</h2>
      <p className="field__hint">A late entry joins from the next round, with the points the rules give for the rounds missed.</p>
      {candidates.length === 0 ? <p className="sync-line">No pending or waitlisted registration to add.</p> : (
        <>
          <div className="field">
            <label htmlFor={id} className="field__label">Player</label>
            <select id={id} className="input" value={who} onChange={(event) => setWho(event.target.value)}>
              <option value="">Choose a player</option>
              {candidates.map((candidate) => <option key={candidate.id} value={candidate.id}>{candidate.userName}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor={missedId} className="field__label">Rounds already played count as</label>
            <select id={missedId} className="input" value={missed} onChange={(event) => setMissed(LATE_ENTRY_POINTS.find((points) => points === event.target.value) ?? 'zero')}>
              {LATE_ENTRY_POINTS.map((points) => <option key={points} value={points}>{MISSED_ROUND_LABELS[points]}</option>)}
            </select>
          </div>
          <button type="submit" className="button button--primary" disabled={pending !== null || who === ''}>Add late entry</button>
        </>
      )}
    </form>
  );
}
