import { useId } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DataAccessEntry } from '../../../schema';
import { formatDateTime } from '../../shared/components/dates';
import { Icon } from '../../shared/components/Icon';
import { LoadError } from '../../shared/components/LoadError';
import { useDataAccessLog } from '../privacy';
import './data-access-log.css';

/** The child as the school's admin knows them: real name and username, or that the account was deleted. */
function childLabel(i18n: I18n, entry: DataAccessEntry): string {
  if (entry.childUsername === null) return i18n._(msg`a deleted account`);
  return entry.childRealName === null ? entry.childUsername : `${entry.childRealName} (${entry.childUsername})`;
}

function what(i18n: I18n, entry: DataAccessEntry): string {
  const reader = entry.readerUsername ?? i18n._(msg`A deleted account`);
  const child = childLabel(i18n, entry);
  if (entry.kind === 'export') return i18n._(msg`${reader} downloaded all the data of ${child}`);
  const tournament = entry.tournamentName ?? i18n._(msg`a deleted tournament`);
  return i18n._(msg`${reader} was shown the emergency contact or medical notes of ${child} in ${tournament}`);
}

/**
 * The school admin's list (issue 26): every read of a child's emergency contact or medical notes
 * by someone else (a tournament's managers, once a day per child and tournament) and every
 * download of a child's data, newest first. Shown to the school's admin only (the server answers
 * 403 to anyone else, and nothing is shown then).
 */
export function DataAccessLog({ organizationId }: { organizationId: number }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const load = useDataAccessLog(organizationId);
  if (load.status === 'hidden' || load.status === 'loading') return null;
  return (
    <section className="card data-access-log" aria-labelledby={`${id}-title`} data-testid="data-access-log">
      <h2 id={`${id}-title`}><Icon name="shield" /> <Trans>Who read children’s private notes</Trans></h2>
      <p className="field__hint"><Trans>Reads of a child’s emergency contact or medical notes by staff (once a day per child and tournament), and every download of a child’s data. Only the school’s administrators see this list.</Trans></p>
      {load.status === 'error' ? (
        <LoadError message={load.message} onRetry={load.reload} />
      ) : load.log.entries.length === 0 ? (
        <p><Trans>Nobody has read a child’s emergency contact or medical notes yet.</Trans></p>
      ) : (
        <>
          <ul className="data-access-log__list">
            {load.log.entries.map((entry) => (
              <li key={entry.id}>
                <span>{what(i18n, entry)}</span>
                <time dateTime={entry.readAt} className="field__hint">{formatDateTime(entry.readAt)}</time>
              </li>
            ))}
          </ul>
          {load.log.hasMore && (
            <button type="button" className="button" onClick={load.more} disabled={load.loadingMore}>
              {load.loadingMore ? t`Loading…` : t`Show older`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
