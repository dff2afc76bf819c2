import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { PageSkeleton } from '../../shared/components/Skeleton';
import type { TournamentStatus } from '../../../schema';
import { usePermissions } from '../auth';
import { useTournament, type TournamentSnapshotView } from './tournaments';
import { TextField } from '../../shared/components/fields';
import { StatusBadge, TOURNAMENT_STATUS_LABELS } from './labels';
import { TournamentNotFound } from './TournamentDetailScreen';
import { useAction } from './useAction';
import { TournamentClassesCard } from './TournamentClassesCard';
import './tournaments.css';

/** The forward path of a tournament (spec section 4); cancelled is reachable from any state before completed. */
const NEXT_STATUS: Partial<Record<TournamentStatus, TournamentStatus>> = {
  draft: 'registration_open',
  registration_open: 'registration_closed',
  registration_closed: 'in_progress',
  in_progress: 'completed',
};

const STATUS_ACTIONS: Record<string, string> = {
  registration_open: 'Open Registration',
  registration_closed: 'Close Registration',
  in_progress: 'Start Tournament',
  completed: 'Complete Tournament',
};

/** /tournaments/{id}/manage (tournament:edit): status changes and the editable fields. */
export default function ManageTournamentScreen() {
  const { id } = useParams();
  const tournamentId = Number(id);
  const loaded = useTournament(Number.isInteger(tournamentId) && tournamentId > 0 ? tournamentId : null);
  const permissions = usePermissions();
  if (loaded.status === 'loading' || !permissions.ready) return <PageSkeleton />;
  if (loaded.status === 'notFound') return <TournamentNotFound />;
  if (loaded.status === 'error') return <div className="page"><p role="alert" className="notice notice--error">Error loading the tournament. Please try again later.</p></div>;
  if (!loaded.view.canManage) {
    return (
      <div className="page not-found">
        <h1>Not allowed</h1>
        <p>Managing a tournament needs the tournament:edit permission.</p>
        <Link to={`/tournaments/${tournamentId}`} className="button">Back to the tournament</Link>
      </div>
    );
  }
  return <ManageTournament view={loaded.view} />;
}

function ManageTournament({ view }: { view: TournamentSnapshotView }) {
  const { info } = view;
  const { pending, run } = useAction();
  const next = NEXT_STATUS[info.status];
  const cancellable = info.status !== 'completed' && info.status !== 'cancelled';
  const [confirmCancel, setConfirmCancel] = useState(false);

  return (
    <div className="page tournament-manage">
      <header className="page__header">
        <Link to={`/tournaments/${info.id}`} className="back-link">Back to the tournament</Link>
        <h1>Manage {info.name}</h1>
        <p>Status: <StatusBadge status={info.status} /></p>
      </header>
      <section className="card">
        <h2>Status</h2>
        <div className="round-actions">
          {next && (
            <button type="button" className="button button--primary" disabled={pending !== null}
              onClick={() => void run('status', () => view.actions.setStatus(next), `Status changed to ${TOURNAMENT_STATUS_LABELS[next]}`, 'Error updating tournament')}>
              {STATUS_ACTIONS[next]}
            </button>
          )}
          {cancellable && !confirmCancel && (
            <button type="button" className="button button--danger" onClick={() => setConfirmCancel(true)}>Cancel Tournament</button>
          )}
          {!next && !cancellable && <p className="sync-line">This tournament is {TOURNAMENT_STATUS_LABELS[info.status]?.toLowerCase()}: its status no longer changes.</p>}
        </div>
        {confirmCancel && (
          <div className="notice notice--error" role="alert">
            <p>Cancel {info.name}? Players are told it will not take place.</p>
            <div className="round-actions">
              <button type="button" className="button button--danger" disabled={pending !== null}
                onClick={() => void run('cancel', () => view.actions.setStatus('cancelled'), 'Status changed to Cancelled', 'Error updating tournament').then(() => setConfirmCancel(false))}>
                Yes, cancel it
              </button>
              <button type="button" className="button" onClick={() => setConfirmCancel(false)}>Keep it</button>
            </div>
          </div>
        )}
      </section>
      <DetailsForm view={view} />
      <TournamentClassesCard tournamentId={info.id} status={info.status} />
      <section className="card">
        <h2>Files</h2>
        <div className="round-actions">
          <button type="button" className="button" onClick={() => void view.actions.downloadTrf()}>Download TRF</button>
          <Link className="button" to={`/tournaments/${info.id}/print/certificates`}>Print certificates</Link>
          <Link className="button" to={`/tournaments/${info.id}/print/crosstable`}>Print crosstable</Link>
        </div>
      </section>
    </div>
  );
}

const day = (iso: string) => iso.slice(0, 10);

function DetailsForm({ view }: { view: TournamentSnapshotView }) {
  const { info } = view;
  const { pending, run } = useAction();
  const descriptionId = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const count = (name: string) => (text(name) === '' ? null : Number(text(name)));
    const found: Record<string, string> = {};
    if (!text('name')) found.name = 'Tournament name is required';
    for (const [field, message] of [['startDate', 'Start date is required'], ['endDate', 'End date is required']] as const) {
      if (!text(field)) found[field] = message;
    }
    for (const field of ['maxParticipants', 'rounds']) {
      const value = count(field);
      if (value !== null && (!Number.isInteger(value) || value < 1)) found[field] = 'Enter a whole number above 0';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run('save', () => view.actions.update({
      name: text('name'),
      description: text('description') || null,
      venue: text('venue') || null,
      startDate: new Date(`${text('startDate')}T00:00:00.000Z`).toISOString(),
      endDate: new Date(`${text('endDate')}T00:00:00.000Z`).toISOString(),
      maxParticipants: count('maxParticipants'),
      rounds: count('rounds'),
    }), 'Tournament updated', 'Error updating tournament');
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate aria-label="Tournament details">
      <h2>Details</h2>
      <TextField label="Tournament name" name="name" defaultValue={info.name} error={errors.name} />
      <div className="field">
        <label htmlFor={descriptionId} className="field__label">Description</label>
        <textarea id={descriptionId} name="description" className="input" rows={3} defaultValue={info.description ?? ''} />
      </div>
      <TextField label="Venue" name="venue" defaultValue={info.venue ?? ''} />
      <div className="tournament-form__grid">
        <TextField label="Start date" name="startDate" type="date" defaultValue={day(info.startDate)} error={errors.startDate} />
        <TextField label="End date" name="endDate" type="date" defaultValue={day(info.endDate)} error={errors.endDate} />
        <TextField label="Max participants" name="maxParticipants" inputMode="numeric" defaultValue={info.maxParticipants ?? ''} error={errors.maxParticipants} />
        <TextField label="Rounds" name="rounds" inputMode="numeric" defaultValue={info.rounds ?? ''} error={errors.rounds} />
      </div>
      <button type="submit" className="button button--primary" disabled={pending !== null}>Save changes</button>
    </form>
  );
}
