import { useId, useRef, useState, type RefObject } from 'react';
import { downloadChildData, eraseAccount, privacyError, useDataRights } from './privacy';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { focusAfterRemoval, type RemovedRow } from '../../shared/focus-after-removal';
import { Icon } from '../../shared/components/Icon';
import { useToast } from '../../shared/components/Toast';
import './child-data.css';

interface ChildDataProps {
  readonly userId: number;
  readonly username: string;
  /** The name the viewer knows the child by (real name or username). */
  readonly name: string;
  /** The viewer's own account (Settings): 'my data', 'my account'. */
  readonly self?: boolean;
  /** After the account was deleted: leave the page, forget it, sign out. */
  readonly onErased: () => void;
  /** Inside another card (a parent's child card): no card of its own, a third-level heading. */
  readonly embedded?: boolean;
  /** When deleting removes the row this sits in (a parent's child card): where focus goes then. */
  readonly removedRow?: RemovedRow;
}

/** What deleting takes, in the confirmation's words (docs/decisions.md "A child's data"). */
export function erasureMessage(name: string, self: boolean): string {
  const whose = self ? 'your' : `${name}’s`;
  const their = self ? 'your' : 'their';
  return (
    `This deletes ${whose} account for good: ${their} games, puzzle attempts, lessons, homework, ratings, settings, ` +
    `classes and parent links, and ${their} sign-in on every device. In tournaments already played, ${their} results stay ` +
    `under ‘Withdrawn player’ so the other players keep their scores. This cannot be undone: download the data first to keep a copy.`
  );
}

/** Download and delete, with what is under way, the error and the confirmation's state. */
function useChildDataActions(
  { userId, username, name, self, onErased, removedRow }: Pick<ChildDataProps, 'userId' | 'username' | 'name' | 'onErased' | 'removedRow'> & { self: boolean },
  opener: RefObject<HTMLButtonElement | null>,
) {
  const toast = useToast();
  const [busy, setBusy] = useState<'download' | 'erase' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const download = () => {
    setBusy('download');
    setError(null);
    downloadChildData(userId, username)
      .then(() => toast({ title: 'Download ready', description: 'The file is in your downloads.', variant: 'success', durationMs: 3000 }))
      .catch((failure: unknown) => setError(privacyError(failure, 'The data could not be downloaded.')))
      .finally(() => setBusy(null));
  };
  const erase = () => {
    setConfirming(false);
    if (removedRow) focusAfterRemoval(opener.current, removedRow);
    setBusy('erase');
    setError(null);
    eraseAccount(userId, username)
      .then(() => {
        toast({ title: 'Account deleted', description: self ? 'Your account and its data are gone.' : `${name}’s account and data are gone.`, variant: 'success', durationMs: 4000 });
        onErased();
      })
      .catch((failure: unknown) => {
        setError(privacyError(failure, 'The account could not be deleted.'));
        setBusy(null);
      });
  };
  return { busy, error, confirming, setConfirming, download, erase };
}

/**
 * 'Download this child's data' and 'Delete this child's account' (issue 26), for the viewers the
 * server allows (GET /api/users/{id}/data-rights): the class's teacher and the school's admin on
 * the student page, a linked parent on /children, the child on Settings. Online only.
 */
export function ChildData({ userId, username, name, self = false, onErased, embedded = false, removedRow }: ChildDataProps) {
  const id = useId();
  const rights = useDataRights(userId);
  const opener = useRef<HTMLButtonElement>(null);
  const { busy, error, confirming, setConfirming, download, erase } = useChildDataActions({ userId, username, name, self, onErased, removedRow }, opener);
  if (rights === null || (rights !== 'offline' && !rights.canExport)) return null;
  const Heading = embedded ? 'h3' : 'h2';
  const title = <Heading id={`${id}-title`} className="child-data__title"><Icon name="shield" /> {self ? 'Your data' : <>Data of <bdi>{name}</bdi></>}</Heading>;
  if (rights === 'offline') {
    return (
      <section className={embedded ? 'child-data child-data--embedded' : 'card child-data'} aria-labelledby={`${id}-title`} data-testid="child-data">
        {title}
        <p className="field__hint">You are offline: downloading or deleting this data needs the network.</p>
      </section>
    );
  }

  return (
    <section className={embedded ? 'child-data child-data--embedded' : 'card child-data'} aria-labelledby={`${id}-title`} data-testid="child-data">
      {title}
      <p className="field__hint">
        {self
          ? 'Download everything the app keeps about you, or delete your account.'
          : 'A copy of every record the app keeps about this child: games (as PGN), puzzles, lessons, homework, ratings, settings, classes and tournaments.'}
      </p>
      <div className="child-data__actions">
        <button type="button" className="button" onClick={download} disabled={busy !== null}>
          <Icon name="download" /> {self ? 'Download my data' : 'Download this child’s data'}
        </button>
        {rights.canErase && (
          <button ref={opener} type="button" className="button button--danger" data-row-action="delete-account" onClick={() => setConfirming(true)} disabled={busy !== null}>
            <Icon name="trash" /> {self ? 'Delete my account' : 'Delete this child’s account'}
          </button>
        )}
      </div>
      {busy !== null && (
        <p className="child-data__busy" role="status">
          <progress aria-label={busy === 'download' ? 'Preparing the download' : 'Deleting the account'} />
          {busy === 'download' ? 'Preparing the download…' : 'Deleting the account…'}
        </p>
      )}
      {error && <p className="field__error" role="alert">{error}</p>}
      {confirming && (
        <ConfirmDialog
          title={self ? 'Delete your account?' : `Delete ${name}’s account?`}
          message={erasureMessage(name, self)}
          confirmLabel="Delete account"
          cancelLabel="Keep account"
          onConfirm={erase}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
