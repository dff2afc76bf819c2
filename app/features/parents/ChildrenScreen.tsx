import { useId, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { playTimeSummary, parseParentCode } from '../../../domain';
import { BREAK_REMINDER_OPTIONS, DAILY_PLAY_TIME_OPTIONS, DIFFICULTIES, PARENT_MESSAGES, type ChildControls, type Difficulty, type LinkedChild } from '../../../schema';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { focusAfterRemoval, type RemovedRow } from '../../shared/focus-after-removal';
import { formatDateTime, formatDay } from '../../shared/components/dates';
import { Icon } from '../../shared/components/Icon';
import { LoadError } from '../../shared/components/LoadError';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useToast } from '../../shared/components/Toast';
import { messageFor } from '../../shared/api';
import { currentUserId } from '../auth';
import { forgetChild, linkChild, linkChildByEmail, releaseChildControls, setChildControls, unlinkChild, useLinkedChildren, useParentSuggestions } from './parents';
import { ChildData } from '../privacy';
import { syncNow } from '../../shared/sync';
import { gameTitle } from '../games';
import './parents.css';

const DIFFICULTY_LABELS: Record<Difficulty, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };
const minutesLabel = (minutes: number, zero: string) => (minutes === 0 ? zero : `${minutes} minutes`);

/**
 * /children (issue 19): a parent's linked children: link one with the code from the teacher's
 * letter (or accept a child who named the parent's verified e-mail), then per child their progress, recent games, play time against the daily limit, and
 * their Parental Controls (each change queued as setChildControls; it reaches the child's devices
 * at their next sync), handing those controls back to the child (releaseChildControls), and
 * unlinking the child (unlinkChild, after a confirmation). All three work offline (the outbox).
 */
export default function ChildrenScreen() {
  const loaded = useLinkedChildren();
  const parentId = currentUserId();
  return (
    <div className="page children">
      <header className="page__header">
        <h1>My children</h1>
        <p className="page__lead">Follow your child&apos;s chess and set how long they may play.</p>
      </header>
      <LinkChildForm offline={loaded.status === 'ready' && loaded.offline} onLinked={loaded.status === 'loading' ? () => undefined : loaded.reload} />
      {parentId !== null && <NamedBy parentId={parentId} offline={loaded.status === 'ready' && loaded.offline} onLinked={loaded.status === 'loading' ? () => undefined : loaded.reload} />}
      {loaded.status === 'loading' && <PageSkeleton />}
      {(loaded.status === 'error' || loaded.status === 'notFound') && <LoadError message="Could not load your children." onRetry={loaded.reload} />}
      {loaded.status === 'ready' && (
        <>
          {loaded.offline && <p className="sync-line">Offline: this is what was shown last time.</p>}
          {loaded.value.children.length === 0 ? (
            <p className="card empty-state">No child is linked yet. Type the code from your child&apos;s teacher above.</p>
          ) : (
            loaded.value.children.map((child) => <ChildCard key={child.userId} child={child} />)
          )}
        </>
      )}
    </div>
  );
}

function LinkChildForm({ offline, onLinked }: { offline: boolean; onLinked: () => void }) {
  const id = useId();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parseParentCode(code).ok) return setError(PARENT_MESSAGES.codeFormat);
    setError(null);
    setPending(true);
    linkChild(code)
      .then((child) => {
        setCode('');
        toast({ title: 'Child linked', description: `You can now follow ${child.realName ?? child.username}.`, variant: 'success', durationMs: 3000 });
        onLinked();
        // The account is a parent now: the next pull brings the new role (and the Children tab).
        void syncNow();
      })
      .catch((failure: unknown) => setError(messageFor(failure, 'Could not link. Please try again when you are online.')))
      .finally(() => setPending(false));
  };

  return (
    <form className="card children__link" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Link a child</h2>
      <div className="field">
        <label htmlFor={`${id}-code`} className="field__label">Code from the teacher’s letter</label>
        <input
          id={`${id}-code`}
          className="input children__code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          placeholder="ACDE-FGHJ"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
      </div>
      <button type="submit" className="button button--primary" disabled={pending || offline}>{pending ? 'Linking…' : 'Link child'}</button>
      {offline && <p className="field__hint">You are offline. A child can be linked when you are online.</p>}
    </form>
  );
}

/**
 * The ordinary accounts that named this account's verified e-mail as their parent's (usernames
 * only until linked). None for an unverified address: the server offers nothing then.
 */
function NamedBy({ parentId, offline, onLinked }: { parentId: number; offline: boolean; onLinked: () => void }) {
  const id = useId();
  const toast = useToast();
  const offers = useParentSuggestions(parentId);
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (offers.status !== 'ready' || offers.value.suggestions.length === 0) return null;

  const link = (childId: number) => {
    setPending(childId);
    setError(null);
    linkChildByEmail(parentId, childId)
      .then((child) => {
        toast({ title: 'Child linked', description: `You can now follow ${child.realName ?? child.username}.`, variant: 'success', durationMs: 3000 });
        onLinked();
        offers.reload();
        void syncNow();
      })
      .catch((failure: unknown) => setError(messageFor(failure, 'Could not link. Please try again when you are online.')))
      .finally(() => setPending(null));
  };

  return (
    <section className="card children__link" aria-labelledby={`${id}-title`} data-testid="named-by">
      <h2 id={`${id}-title`}>Children who named you</h2>
      <ul className="children__offers">
        {offers.value.suggestions.map((offer) => (
          <li key={offer.userId}>
            <span><bdi>{offer.username}</bdi> named you as their parent</span>
            <button type="button" className="button button--primary" disabled={pending !== null || offline} onClick={() => link(offer.userId)} aria-label={`Link ${offer.username}`}>
              {pending === offer.userId ? 'Linking…' : 'Link'}
            </button>
          </li>
        ))}
      </ul>
      {error && <p className="field__error" role="alert">{error}</p>}
      {offline && <p className="field__hint">You are offline. A child can be linked when you are online.</p>}
    </section>
  );
}

/** A child's card as a row of the list: when one goes, focus goes to the next card's same button, else the previous one's, else the page's heading. */
const CHILD_CARD: RemovedRow = { row: '[data-testid="linked-child"]', heading: () => document.querySelector<HTMLElement>('main h1') };

function ChildCard({ child }: { child: LinkedChild }) {
  const id = useId();
  const { i18n } = useLingui();
  const name = child.realName ?? child.username;
  const played = playTimeSummary(child.playedGames, new Date());
  const limit = child.controls.dailyPlayTime;
  return (
    <section className="card child-card" aria-labelledby={`${id}-name`} data-testid="linked-child">
      <h2 id={`${id}-name`}><bdi>{name}</bdi> {child.realName !== null && <span className="child-card__username">(<bdi>{child.username}</bdi>)</span>}</h2>
      <dl className="child-card__figures">
        <div><dt>Rating</dt><dd>{child.rating}</dd></div>
        <div><dt>Lessons done</dt><dd>{child.lessonsCompleted}</dd></div>
        <div><dt>Puzzles solved</dt><dd>{child.puzzlesSolved}</dd></div>
        <div><dt>Games</dt><dd>{child.gamesPlayed}</dd></div>
        <div><dt>Played today</dt><dd data-testid="played-today">{played.todayMinutes} {limit === 0 ? 'minutes (no limit)' : `of ${limit} minutes`}</dd></div>
        <div><dt>This week</dt><dd>{played.weekMinutes} minutes</dd></div>
      </dl>
      <p className="field__hint">Play time counts the games saved from your child&apos;s devices; a game still under way counts once it ends and is synced.</p>
      <h3>Recent games</h3>
      {child.recentGames.length === 0 ? (
        <p>No games yet.</p>
      ) : (
        <ul className="child-card__games">
          {child.recentGames.map((game) => (
            <li key={game.id}>{gameTitle(i18n, game)} <span className="field__hint">· {formatDateTime(game.createdAt)}</span></li>
          ))}
        </ul>
      )}
      <ControlsForm child={child} name={name} />
      <UnlinkChild child={child} name={name} />
      <ChildData userId={child.userId} username={child.username} name={name} embedded removedRow={CHILD_CARD} onErased={() => void forgetChild(child.userId)} />
    </section>
  );
}

/** A change queued for the server with a toast either way (the outbox sends it when online). */
function useQueuedChange() {
  const toast = useToast();
  return (change: (parentId: number) => Promise<void>, saved: { title: string; description: string }) => {
    const parentId = currentUserId();
    if (parentId === null) return;
    void change(parentId).then(
      () => toast({ ...saved, variant: 'success', durationMs: 3000 }),
      () => toast({ title: 'Error', description: 'The change could not be saved on this device.', variant: 'destructive' }),
    );
  };
}

/** 'Unlink', after a confirmation: the child leaves this list at once; the parent's controls go back to the child. */
function UnlinkChild({ child, name }: { child: LinkedChild; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const queue = useQueuedChange();
  // Another linked parent's controls stay with them: the words hold either way.
  const controls = child.controlsSetAt === null ? '' : ` If you set their Parental Controls, ${name} can choose again.`;
  return (
    <div className="child-card__actions">
      <button ref={opener} type="button" className="button child-card__action" data-row-action="unlink-child" onClick={() => setConfirming(true)} aria-label={`Unlink ${name}`}>
        <Icon name="unlink" /> Unlink
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Unlink ${name}?`}
          message={`You will no longer see ${name}’s progress or set their controls.${controls} To follow ${name} again, you will need to link them again.`}
          confirmLabel="Unlink"
          cancelLabel="Keep linked"
          onConfirm={() => {
            setConfirming(false);
            focusAfterRemoval(opener.current, CHILD_CARD);
            queue((parentId) => unlinkChild(parentId, child.userId), { title: 'Unlinked', description: `${name} is no longer linked to your account.` });
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

function ControlsForm({ child, name }: { child: LinkedChild; name: string }) {
  const id = useId();
  const queue = useQueuedChange();
  const set = (controls: Partial<ChildControls>) =>
    queue((parentId) => setChildControls(parentId, child.userId, controls), { title: 'Saved', description: `${name}'s devices take it at their next sync.` });
  const handBack = () =>
    queue((parentId) => releaseChildControls(parentId, child.userId), { title: 'Handed back', description: `${name} can change these settings again after their next sync.` });
  const choice = <K extends 'dailyPlayTime' | 'breakReminders'>(key: K, label: string, options: readonly number[], zero: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`} className="field__label">{label}</label>
      <select id={`${id}-${key}`} value={String(child.controls[key])} onChange={(event) => set({ [key]: Number(event.target.value) })}>
        {options.map((value) => <option key={value} value={value}>{minutesLabel(value, zero)}</option>)}
      </select>
    </div>
  );
  return (
    <fieldset className="child-card__controls">
      <legend><h3>Parental Controls</h3></legend>
      {choice('dailyPlayTime', 'Daily play time', DAILY_PLAY_TIME_OPTIONS, 'No Limit')}
      {choice('breakReminders', 'Break reminders', BREAK_REMINDER_OPTIONS, 'Disabled')}
      <div className="field field--toggle">
        <label htmlFor={`${id}-hints`}><span className="field__label">Hints</span><span className="field__hint">Show the hint button during games</span></label>
        <input id={`${id}-hints`} type="checkbox" role="switch" checked={child.controls.hintsEnabled} onChange={(event) => set({ hintsEnabled: event.target.checked })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-difficulty`} className="field__label">Learning level</label>
        <select id={`${id}-difficulty`} value={child.controls.difficulty} onChange={(event) => set({ difficulty: event.target.value as Difficulty })}>
          {DIFFICULTIES.map((value) => <option key={value} value={value}>{DIFFICULTY_LABELS[value]}</option>)}
        </select>
      </div>
      {child.controlsSetAt === null ? (
        <p className="field__hint">These are the settings on your child’s devices now. {name} can change them.</p>
      ) : (
        <div className="child-card__set-by">
          <p className="field__hint" id={`${id}-set-by`}>Set by a parent on {formatDay(child.controlsSetAt)}. Your child cannot change them.</p>
          <button type="button" className="button child-card__action" onClick={handBack} aria-describedby={`${id}-set-by`}>
            <Icon name="unlock" /> Let <bdi>{name}</bdi> choose again
          </button>
        </div>
      )}
    </fieldset>
  );
}
