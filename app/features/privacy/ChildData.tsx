import { useId, useRef, useState, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
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


/** Download and delete, with what is under way, the error and the confirmation's state. */
function useChildDataActions(
  { userId, username, name, self, onErased, removedRow }: Pick<ChildDataProps, 'userId' | 'username' | 'name' | 'onErased' | 'removedRow'> & { self: boolean },
  opener: RefObject<HTMLButtonElement | null>,
) {
  const toast = useToast();
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<'download' | 'erase' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const download = () => {
    setBusy('download');
    setError(null);
    downloadChildData(userId, username)
      .then(() => toast({ title: t`Download ready`, description: t`The file is in your downloads.`, variant: 'success', durationMs: 3000 }))
      .catch((failure: unknown) => setError(privacyError(i18n, failure, t`The data could not be downloaded.`)))
      .finally(() => setBusy(null));
  };
  const erase = () => {
    setConfirming(false);
    if (removedRow) focusAfterRemoval(opener.current, removedRow);
    setBusy('erase');
    setError(null);
    eraseAccount(userId, username)
      .then(() => {
        toast({ title: t`Account deleted`, description: self ? t`Your account and its data are gone.` : t`${name}’s account and data are gone.`, variant: 'success', durationMs: 4000 });
        onErased();
      })
      .catch((failure: unknown) => {
        setError(privacyError(i18n, failure, t`The account could not be deleted.`));
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
  const { t } = useLingui();
  const rights = useDataRights(userId);
  const opener = useRef<HTMLButtonElement>(null);
  const { busy, error, confirming, setConfirming, download, erase } = useChildDataActions({ userId, username, name, self, onErased, removedRow }, opener);
  if (rights === null || (rights !== 'offline' && !rights.canExport)) return null;
  const Heading = embedded ? 'h3' : 'h2';
  const title = <Heading id={`${id}-title`} className="child-data__title"><Icon name="shield" /> {self ? <Trans>Your data</Trans> : <Trans>Data of <bdi>{name}</bdi></Trans>}</Heading>;
  if (rights === 'offline') {
    return (
      <section className={embedded ? 'child-data child-data--embedded' : 'card child-data'} aria-labelledby={`${id}-title`} data-testid="child-data">
        {title}
        <p className="field__hint"><Trans>You are offline: downloading or deleting this data needs the network.</Trans></p>
      </section>
    );
  }

  return (
    <section className={embedded ? 'child-data child-data--embedded' : 'card child-data'} aria-labelledby={`${id}-title`} data-testid="child-data">
      {title}
      <p className="field__hint">
        {self
          ? <Trans>Download everything the app keeps about you, or delete your account.</Trans>
          : <Trans>A copy of every record the app keeps about this child: games (as PGN), puzzles, lessons, homework, ratings, settings, classes and tournaments.</Trans>}
      </p>
      <div className="child-data__actions">
        <button type="button" className="button" onClick={download} disabled={busy !== null}>
          <Icon name="download" /> {self ? <Trans>Download my data</Trans> : <Trans>Download this child’s data</Trans>}
        </button>
        {rights.canErase && (
          <button ref={opener} type="button" className="button button--danger" data-row-action="delete-account" onClick={() => setConfirming(true)} disabled={busy !== null}>
            <Icon name="trash" /> {self ? <Trans>Delete my account</Trans> : <Trans>Delete this child’s account</Trans>}
          </button>
        )}
      </div>
      {busy !== null && (
        <p className="child-data__busy" role="status">
          <progress aria-label={busy === 'download' ? t`Preparing the download` : t`Deleting the account`} />
          {busy === 'download' ? <Trans>Preparing the download…</Trans> : <Trans>Deleting the account…</Trans>}
        </p>
      )}
      {error && <p className="field__error" role="alert">{error}</p>}
      {confirming && (
        <ConfirmDialog
          title={self ? t`Delete your account?` : t`Delete ${name}’s account?`}
          message={
            self
              ? t`This deletes your account for good: your games, puzzle attempts, lessons, homework, ratings, settings, classes and parent links, and your sign-in on every device. In tournaments already played, your results stay under ‘Withdrawn player’ so the other players keep their scores. This cannot be undone: download the data first to keep a copy.`
              : t`This deletes ${name}’s account for good: their games, puzzle attempts, lessons, homework, ratings, settings, classes and parent links, and their sign-in on every device. In tournaments already played, their results stay under ‘Withdrawn player’ so the other players keep their scores. This cannot be undone: download the data first to keep a copy.`
          }
          confirmLabel={t`Delete account`}
          cancelLabel={t`Keep account`}
          onConfirm={erase}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
