import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { defaultSwissRounds } from '../../../domain/class-tournament';
import { createClassTournamentRequestSchema, type ClassSummary, type ClassTournamentFormat } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { useToast } from '../../shared/components/Toast';
import { messageFor } from '../../shared/api';
import { createClassTournament } from './class-tournaments';
import { useClassList } from './classes';

const today = () => new Date().toISOString().slice(0, 10);

/** Checks the form and creates the tournament, then opens it; says what went wrong. */
function useCreateTournament(summary: ClassSummary, format: ClassTournamentFormat, others: number[]) {
  const { t } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rounds = String(form.get('rounds') ?? '').trim();
    const parsed = createClassTournamentRequestSchema.safeParse({
      name: String(form.get('name') ?? ''),
      format,
      date: String(form.get('date') ?? ''),
      otherClassIds: others,
      ...(format === 'swiss' && rounds !== '' ? { rounds: Number(rounds) } : {}),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t`Please check the form`);
    setError(null);
    setPending(true);
    createClassTournament(summary.id, parsed.data)
      .then((made) => {
        const added = made.added;
        toast({ title: t`Tournament created`, description: t`${plural(added, { other: '# players entered' })}`, variant: 'success' });
        return navigate(`/tournaments/${made.tournamentId}`);
      })
      .catch((failure: unknown) => toast({ title: t`Could not create the tournament`, description: messageFor(failure, t`Please try again when you are online.`), variant: 'destructive' }))
      .finally(() => setPending(false));
  };
  return { submit, error, pending };
}

/**
 * On /classes/{id}, for the class's staff: 'Create a tournament for this class' opens a short form
 * (name, format, rounds for a Swiss, the day, other classes of the school). Online only: the
 * server gives the tournament its id; every student becomes a confirmed player.
 */
export function ClassTournamentForm({ summary, offline }: { summary: ClassSummary; offline: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const list = useClassList();
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ClassTournamentFormat>('swiss');
  const [others, setOthers] = useState<number[]>([]);
  const { submit, error, pending } = useCreateTournament(summary, format, others);
  const schoolClasses = list.status === 'ready' ? list.value.classes.filter((each) => each.canManage && each.organizationId === summary.organizationId && each.id !== summary.id) : [];
  const className = summary.name;
  const players = summary.studentCount + schoolClasses.filter((each) => others.includes(each.id)).reduce((sum, each) => sum + each.studentCount, 0);
  const defaultRounds = defaultSwissRounds(players);

  return (
    <section className="card class-tournament" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}><Trans>Tournament</Trans></h2>
      {!open ? (
        <button type="button" className="button button--primary" onClick={() => setOpen(true)} disabled={summary.studentCount === 0}>
          <Icon name="trophy" /> <Trans>Create a tournament for this class</Trans>
        </button>
      ) : (
        <form className="class-form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`} className="field__label"><Trans>Tournament name</Trans></label>
            <input id={`${id}-name`} name="name" className="input" defaultValue={t`${className} tournament`} maxLength={200} />
          </div>
          <fieldset className="field">
            <legend className="field__label"><Trans>Format</Trans></legend>
            <label className="choice"><input type="radio" name="format" checked={format === 'swiss'} onChange={() => setFormat('swiss')} /> <Trans>Swiss (a few rounds, players with the same score meet)</Trans></label>
            <label className="choice"><input type="radio" name="format" checked={format === 'round_robin'} onChange={() => setFormat('round_robin')} /> <Trans>Round robin (everyone plays everyone)</Trans></label>
          </fieldset>
          {format === 'swiss' && (
            <div className="field">
              <label htmlFor={`${id}-rounds`} className="field__label"><Trans>Rounds</Trans></label>
              <input id={`${id}-rounds`} name="rounds" className="input" type="number" min={1} max={20} inputMode="numeric" placeholder={String(defaultRounds)} aria-describedby={`${id}-rounds-help`} />
              <p id={`${id}-rounds-help`} className="field__help"><Trans>Leave empty for {defaultRounds} rounds ({players} players).</Trans></p>
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-date`} className="field__label"><Trans>Day</Trans></label>
            <input id={`${id}-date`} name="date" className="input" type="date" defaultValue={today()} />
          </div>
          {schoolClasses.length > 0 && <OtherClasses schoolClasses={schoolClasses} others={others} setOthers={setOthers} />}
          <p className="field__help"><Trans>Every student becomes a confirmed player. You and the classes see real names; everyone else sees usernames.</Trans></p>
          {error && <p className="field__error" role="alert">{error}</p>}
          {offline && <p className="sync-line"><Trans>You are offline. Creating a tournament needs the internet.</Trans></p>}
          <div className="round-actions">
            <button type="submit" className="button button--primary" disabled={pending || offline}>{pending ? t`Creating...` : t`Create tournament`}</button>
            <button type="button" className="button" onClick={() => setOpen(false)}><Trans>Cancel</Trans></button>
          </div>
        </form>
      )}
    </section>
  );
}

interface OtherClassesProps {
  schoolClasses: ClassSummary[];
  others: number[];
  setOthers: Dispatch<SetStateAction<number[]>>;
}

/** The school's other classes the teacher manages, to enter their students too. */
function OtherClasses({ schoolClasses, others, setOthers }: OtherClassesProps) {
  return (
    <fieldset className="field">
      <legend className="field__label"><Trans>Other classes to include</Trans></legend>
      {schoolClasses.map((each) => {
        const { name, studentCount: count } = each;
        return (
          <label key={each.id} className="choice">
            <input type="checkbox" checked={others.includes(each.id)} onChange={(event) => setOthers((now) => (event.target.checked ? [...now, each.id] : now.filter((other) => other !== each.id)))} />{' '}
            <Trans><bdi>{name}</bdi> ({count} students)</Trans>
          </label>
        );
      })}
    </fieldset>
  );
}
