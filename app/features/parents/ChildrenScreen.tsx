import { useId, useRef, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { playTimeSummary, parseParentCode } from '../../../domain';
import { BREAK_REMINDER_OPTIONS, DAILY_PLAY_TIME_OPTIONS, DIFFICULTIES, type ChildControls, type Difficulty, type LinkedChild } from '../../../schema';
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
import { serverMessage } from '../../shared/i18n/server-messages';

const DIFFICULTY_LABELS: Record<Difficulty, MessageDescriptor> = { beginner: msg`Beginner`, intermediate: msg`Intermediate`, advanced: msg`Advanced` };

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
  const { t } = useLingui();
  return (
    <div className="page children">
      <header className="page__header">
        <h1><Trans>My children</Trans></h1>
        <p className="page__lead"><Trans>Follow your child&apos;s chess and set how long they may play.</Trans></p>
      </header>
      <LinkChildForm offline={loaded.status === 'ready' && loaded.offline} onLinked={loaded.status === 'loading' ? () => undefined : loaded.reload} />
      {parentId !== null && <NamedBy parentId={parentId} offline={loaded.status === 'ready' && loaded.offline} onLinked={loaded.status === 'loading' ? () => undefined : loaded.reload} />}
      {loaded.status === 'loading' && <PageSkeleton />}
      {(loaded.status === 'error' || loaded.status === 'notFound') && <LoadError message={t`Could not load your children.`} onRetry={loaded.reload} />}
      {loaded.status === 'ready' && (
        <>
          {loaded.offline && <p className="sync-line"><Trans>Offline: this is what was shown last time.</Trans></p>}
          {loaded.value.children.length === 0 ? (
            <p className="card empty-state"><Trans>No child is linked yet. Type the code from your child&apos;s teacher above.</Trans></p>
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
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parseParentCode(code).ok) return setError(i18n._(serverMessage('ERR_PARENT_CODE_FORMAT')));
    setError(null);
    setPending(true);
    linkChild(code)
      .then((child) => {
        setCode('');
        const name = child.realName ?? child.username;
        toast({ title: t`Child linked`, description: t`You can now follow ${name}.`, variant: 'success', durationMs: 3000 });
        onLinked();
        // The account is a parent now: the next pull brings the new role (and the Children tab).
        void syncNow();
      })
      .catch((failure: unknown) => setError(messageFor(failure, t`Could not link. Please try again when you are online.`)))
      .finally(() => setPending(false));
  };

  return (
    <form className="card children__link" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}><Trans>Link a child</Trans></h2>
      <div className="field">
        <label htmlFor={`${id}-code`} className="field__label"><Trans>Code from the teacher’s letter</Trans></label>
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
          translate="no"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
      </div>
      <button type="submit" className="button button--primary" disabled={pending || offline}>{pending ? <Trans>Linking…</Trans> : <Trans>Link child</Trans>}</button>
      {offline && <p className="field__hint"><Trans>You are offline. A child can be linked when you are online.</Trans></p>}
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
  const { t } = useLingui();
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (offers.status !== 'ready' || offers.value.suggestions.length === 0) return null;

  const link = (childId: number) => {
    setPending(childId);
    setError(null);
    linkChildByEmail(parentId, childId)
      .then((child) => {
        const name = child.realName ?? child.username;
        toast({ title: t`Child linked`, description: t`You can now follow ${name}.`, variant: 'success', durationMs: 3000 });
        onLinked();
        offers.reload();
        void syncNow();
      })
      .catch((failure: unknown) => setError(messageFor(failure, t`Could not link. Please try again when you are online.`)))
      .finally(() => setPending(null));
  };

  return (
    <section className="card children__link" aria-labelledby={`${id}-title`} data-testid="named-by">
      <h2 id={`${id}-title`}><Trans>Children who named you</Trans></h2>
      <ul className="children__offers">
        {offers.value.suggestions.map(({ userId, username }) => (
          <li key={userId}>
            <span><Trans><bdi>{username}</bdi> named you as their parent</Trans></span>
            <button type="button" className="button button--primary" disabled={pending !== null || offline} onClick={() => link(userId)} aria-label={t`Link ${username}`}>
              {pending === userId ? <Trans>Linking…</Trans> : <Trans>Link</Trans>}
            </button>
          </li>
        ))}
      </ul>
      {error && <p className="field__error" role="alert">{error}</p>}
      {offline && <p className="field__hint"><Trans>You are offline. A child can be linked when you are online.</Trans></p>}
    </section>
  );
}

/** A child's card as a row of the list: when one goes, focus goes to the next card's same button, else the previous one's, else the page's heading. */
const CHILD_CARD: RemovedRow = { row: '[data-testid="linked-child"]', heading: () => document.querySelector<HTMLElement>('main h1') };

function ChildCard({ child }: { child: LinkedChild }) {
  const id = useId();
  const name = child.realName ?? child.username;
  const { t, i18n } = useLingui();
  const { todayMinutes, weekMinutes } = playTimeSummary(child.playedGames, new Date());
  const limit = child.controls.dailyPlayTime;
  return (
    <section className="card child-card" aria-labelledby={`${id}-name`} data-testid="linked-child">
      <h2 id={`${id}-name`}><bdi>{name}</bdi> {child.realName !== null && <span className="child-card__username">(<bdi>{child.username}</bdi>)</span>}</h2>
      <dl className="child-card__figures">
        <div><dt><Trans>Rating</Trans></dt><dd>{child.rating}</dd></div>
        <div><dt><Trans>Lessons done</Trans></dt><dd>{child.lessonsCompleted}</dd></div>
        <div><dt><Trans>Puzzles solved</Trans></dt><dd>{child.puzzlesSolved}</dd></div>
        <div><dt><Trans>Games</Trans></dt><dd>{child.gamesPlayed}</dd></div>
        <div><dt><Trans>Played today</Trans></dt><dd data-testid="played-today">{limit === 0 ? t`${todayMinutes} minutes (no limit)` : t`${todayMinutes} of ${limit} minutes`}</dd></div>
        <div><dt><Trans>This week</Trans></dt><dd>{t`${plural(weekMinutes, { one: '# minute', other: '# minutes' })}`}</dd></div>
      </dl>
      <p className="field__hint"><Trans>Play time counts the games saved from your child&apos;s devices; a game still under way counts once it ends and is synced.</Trans></p>
      <h3><Trans>Recent games</Trans></h3>
      {child.recentGames.length === 0 ? (
        <p><Trans>No games yet.</Trans></p>
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
  const { t } = useLingui();
  return (change: (parentId: number) => Promise<void>, saved: { title: string; description: string }) => {
    const parentId = currentUserId();
    if (parentId === null) return;
    void change(parentId).then(
      () => toast({ ...saved, variant: 'success', durationMs: 3000 }),
      () => toast({ title: t`Error`, description: t`The change could not be saved on this device.`, variant: 'destructive' }),
    );
  };
}

/** 'Unlink', after a confirmation: the child leaves this list at once; the parent's controls go back to the child. */
function UnlinkChild({ child, name }: { child: LinkedChild; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const queue = useQueuedChange();
  const { t } = useLingui();
  // Another linked parent's controls stay with them: the words hold either way.
  const controls = child.controlsSetAt === null ? '' : ` ${t`If you set their Parental Controls, ${name} can choose again.`}`;
  return (
    <div className="child-card__actions">
      <button ref={opener} type="button" className="button child-card__action" data-row-action="unlink-child" onClick={() => setConfirming(true)} aria-label={t`Unlink ${name}`}>
        <Icon name="unlink" /> <Trans>Unlink</Trans>
      </button>
      {confirming && (
        <ConfirmDialog
          title={t`Unlink ${name}?`}
          message={`${t`You will no longer see ${name}’s progress or set their controls.`}${controls} ${t`To follow ${name} again, you will need to link them again.`}`}
          confirmLabel={t`Unlink`}
          cancelLabel={t`Keep linked`}
          onConfirm={() => {
            setConfirming(false);
            focusAfterRemoval(opener.current, CHILD_CARD);
            queue((parentId) => unlinkChild(parentId, child.userId), { title: t`Unlinked`, description: t`${name} is no longer linked to your account.` });
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
  const { t, i18n } = useLingui();
  const setOn = child.controlsSetAt === null ? '' : formatDay(child.controlsSetAt);
  const minutesLabel = (minutes: number, zero: string) => (minutes === 0 ? zero : t`${plural(minutes, { one: '# minute', other: '# minutes' })}`);
  const set = (controls: Partial<ChildControls>) =>
    queue((parentId) => setChildControls(parentId, child.userId, controls), { title: t`Saved`, description: t`${name}'s devices take it at their next sync.` });
  const handBack = () =>
    queue((parentId) => releaseChildControls(parentId, child.userId), { title: t`Handed back`, description: t`${name} can change these settings again after their next sync.` });
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
      <legend><h3><Trans>Parental Controls</Trans></h3></legend>
      {choice('dailyPlayTime', t`Daily play time`, DAILY_PLAY_TIME_OPTIONS, t`No Limit`)}
      {choice('breakReminders', t`Break reminders`, BREAK_REMINDER_OPTIONS, t`Disabled`)}
      <div className="field field--toggle">
        <label htmlFor={`${id}-hints`}><span className="field__label"><Trans>Hints</Trans></span><span className="field__hint"><Trans>Show the hint button during games</Trans></span></label>
        <input id={`${id}-hints`} type="checkbox" role="switch" checked={child.controls.hintsEnabled} onChange={(event) => set({ hintsEnabled: event.target.checked })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-difficulty`} className="field__label"><Trans>Learning level</Trans></label>
        <select id={`${id}-difficulty`} value={child.controls.difficulty} onChange={(event) => set({ difficulty: event.target.value as Difficulty })}>
          {DIFFICULTIES.map((value) => <option key={value} value={value}>{i18n._(DIFFICULTY_LABELS[value])}</option>)}
        </select>
      </div>
      {child.controlsSetAt === null ? (
        <p className="field__hint"><Trans>These are the settings on your child’s devices now. {name} can change them.</Trans></p>
      ) : (
        <div className="child-card__set-by">
          <p className="field__hint" id={`${id}-set-by`}>{t`Set by a parent on ${setOn}. Your child cannot change them.`}</p>
          <button type="button" className="button child-card__action" onClick={handBack} aria-describedby={`${id}-set-by`}>
            <Icon name="unlock" /> <Trans>Let <bdi>{name}</bdi> choose again</Trans>
          </button>
        </div>
      )}
    </fieldset>
  );
}
