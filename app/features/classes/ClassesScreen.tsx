import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CLASS_SKILL_LEVELS, createClassRequestSchema, type ClassList } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useToast } from '../../shared/components/Toast';
import { useClassList } from './classes';
import { queueClass, waitingClasses } from './class-outbox';
import { useOutbox } from '../../shared/outbox';
import { fieldErrors, formValues, type FieldErrors } from '../../shared/components/form';
import { useAuth } from '../auth';
import { JoinClassForm } from './JoinClassForm';
import { WaitingClassCard } from './WaitingClassCard';
import { SKILL_LEVEL_LABELS } from './class-labels';
import './classes.css';

/** /classes: the teacher's classes (and a student's own), and a form to make a new one. */
export default function ClassesScreen() {
  const { t, i18n } = useLingui();
  const list = useClassList();
  const auth = useAuth();
  const canJoin = auth.status === 'signedIn' && !auth.user.isManaged;
  const outbox = useOutbox(auth.status === 'signedIn' ? auth.user.id : null);
  const waiting = waitingClasses(outbox ?? []);
  return (
    <div className="page classes">
      <header className="page__header">
        <h1><Trans>Classes</Trans></h1>
        <p className="page__lead">
          {list.status === 'ready' && list.value.organizations.length === 0 ? t`Your classes, and joining a class with the code your teacher gave you.` : t`Make accounts for your students and print their login cards.`}
        </p>
      </header>
      {list.status === 'loading' && <PageSkeleton />}
      {(list.status === 'error' || list.status === 'notFound') && (
        <div className="notice notice--error" role="alert">
          <p><Trans>Could not load your classes.</Trans></p>
          <button type="button" className="button" onClick={list.reload}><Trans>Try again</Trans></button>
        </div>
      )}
      {list.status === 'ready' && (
        <>
          {list.offline && <p className="sync-line"><Trans>Offline: showing your classes as they were last time.</Trans></p>}
          {waiting.length > 0 && (
            <ul className="class-list" aria-label={t`New classes not sent yet`}>
              {waiting.map((each) => (
                <WaitingClassCard key={each.seq} teacherId={auth.status === 'signedIn' ? auth.user.id : 0} waiting={each} entries={outbox ?? []} />
              ))}
            </ul>
          )}
          {list.value.classes.length === 0 && waiting.length === 0 ? (
            <div className="card empty-state">
              <h2><Trans>No classes yet</Trans></h2>
              <p>{list.value.organizations.length > 0 ? t`Make your first class below.` : t`Your classes appear here.`}</p>
            </div>
          ) : (
            <ul className="class-list">
              {list.value.classes.map((each) => (
                <li key={each.id}>
                  <Link to={`/classes/${each.id}`} className="card class-card">
                    <h2><bdi>{each.name}</bdi></h2>
                    <p>
                      <bdi>{each.organizationName}</bdi>
                      {each.gradeLevel && <> · <bdi>{each.gradeLevel}</bdi></>}
                      {each.skillLevel && <> · {i18n._(SKILL_LEVEL_LABELS[each.skillLevel])}</>}
                    </p>
                    <p className="class-card__count"><Icon name="people" /> <StudentCount count={each.studentCount} max={each.maxMembers} /></p>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {list.value.organizations.length > 0 && <CreateClassForm organizations={list.value.organizations} offline={list.offline} />}
          {canJoin && list.value.organizations.length === 0 && <JoinClassForm />}
        </>
      )}
    </div>
  );
}

/** 'N of M students' (the list's cards; the class page says it too). */
function StudentCount({ count, max }: { count: number; max: number }) {
  return <Trans>{count} of {max} students</Trans>;
}

function CreateClassForm({ organizations, offline }: { organizations: ClassList['organizations']; offline: boolean }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const toast = useToast();
  const auth = useAuth();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = createClassRequestSchema.safeParse({
      organizationId: Number(values.organizationId),
      name: values.name ?? '',
      gradeLevel: values.gradeLevel || null,
      skillLevel: values.skillLevel || null,
      maxMembers: Number(values.maxMembers),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    if (auth.status !== 'signedIn') return;
    setErrors({});
    setPending(true);
    const form = event.currentTarget;
    // Through the outbox: shown at once as waiting, sent now if online, else when back online.
    void queueClass(auth.user.id, parsed.data)
      .then(() => {
        form.reset();
        toast({ title: t`Class made`, description: offline ? t`It will be sent when you are back online.` : t`It appears in your list as soon as it is sent.` });
      })
      .finally(() => setPending(false));
  };

  return (
    <form className="card class-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}><Trans>New class</Trans></h2>
      {organizations.length > 1 ? (
        <div className="field">
          <label htmlFor={`${id}-org`} className="field__label"><Trans>School</Trans></label>
          <select id={`${id}-org`} name="organizationId" className="input">
            {organizations.map((organization) => <option key={organization.id} value={organization.id}>{organization.name}</option>)}
          </select>
        </div>
      ) : (
        <input type="hidden" name="organizationId" value={organizations[0]?.id ?? ''} />
      )}
      <div className="field">
        <label htmlFor={`${id}-name`} className="field__label"><Trans>Class name</Trans></label>
        <input id={`${id}-name`} name="name" className="input" maxLength={100} placeholder={t`e.g. 3B Chess Club`} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? `${id}-name-error` : undefined} />
        {errors.name && <p id={`${id}-name-error`} className="field__error" role="alert">{errors.name}</p>}
      </div>
      <div className="class-form__row">
        <div className="field">
          <label htmlFor={`${id}-grade`} className="field__label"><Trans>Grade (optional)</Trans></label>
          <input id={`${id}-grade`} name="gradeLevel" className="input" maxLength={40} placeholder={t`e.g. Grade 3`} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-skill`} className="field__label"><Trans>Level</Trans></label>
          <select id={`${id}-skill`} name="skillLevel" className="input" defaultValue="beginner">
            <option value=""><Trans>Mixed</Trans></option>
            {CLASS_SKILL_LEVELS.map((level) => <option key={level} value={level}>{i18n._(SKILL_LEVEL_LABELS[level])}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-max`} className="field__label"><Trans>Most students</Trans></label>
          <input id={`${id}-max`} name="maxMembers" className="input" type="number" min={1} max={200} defaultValue={40} aria-invalid={errors.maxMembers ? true : undefined} />
          {errors.maxMembers && <p className="field__error" role="alert">{errors.maxMembers}</p>}
        </div>
      </div>
      {offline && <p className="sync-line"><Trans>You are offline. The class is sent when you are back online.</Trans></p>}
      <button type="submit" className="button button--primary" disabled={pending}>
        <Icon name="plus" /> {pending ? t`Making the class...` : t`Make class`}
      </button>
    </form>
  );
}
