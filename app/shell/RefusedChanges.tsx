import { Link } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../features/auth';
import { dismissEntry, refusalText, retryEntry, useOutbox } from '../shared/outbox';
import { useSyncStatus } from '../shared/sync';
import { viewOf } from '../shared/components/refused-mutations';

/** Reloads into the newest version: the waiting service worker takes over first, if there is one. */
async function reloadIntoUpdate(): Promise<void> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined;
  await registration?.update().catch(() => undefined);
  if (registration?.waiting) {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    registration.waiting.postMessage({ type: 'SKIP_WAITING' });
    return;
  }
  window.location.reload();
}

/**
 * What the server refused, on every screen of the signed-in user: the changes it rejected, each
 * with its reason and a choice (send again, edit where the kind allows it, or discard), and
 * 'Update available' when the server no longer understands this version of the app (the queued
 * changes wait for the reload).
 */
export function RefusedChanges() {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const outbox = useOutbox(userId);
  const { updateRequired } = useSyncStatus();
  const rejected = (outbox ?? []).filter((entry) => entry.status === 'rejected');
  const waiting = (outbox ?? []).length - rejected.length;
  const { t } = useLingui();
  if (!updateRequired && rejected.length === 0) return null;

  return (
    <section className="refused-changes" aria-label={t`Changes not saved`}>
      {updateRequired && (
        <div className="notice" role="status" data-testid="update-available">
          <p>
            <strong><Trans>Update available</Trans></strong>
            <br />
            <span className="field__hint">
              <Trans>This version of the app can no longer sync.</Trans>{' '}
              {waiting > 0 ? (
                <Plural
                  value={waiting}
                  one="Reload to update it; your change is kept and will be saved."
                  other="Reload to update it; your # changes are kept and will be saved."
                />
              ) : (
                <Trans>Reload to update it.</Trans>
              )}
            </span>
          </p>
          <button type="button" className="button button--primary" onClick={() => void reloadIntoUpdate()}><Trans>Reload</Trans></button>
        </div>
      )}
      {rejected.length > 0 && (
        <ul className="refused-changes__list">
          {rejected.map((entry) => {
            const view = viewOf(entry.name, entry.args);
            return (
              <li key={entry.seq} className="notice notice--error" data-testid="refused-change">
                <p>
                  <strong>{view.title}: {refusalText(entry)}</strong>
                  {view.description && (
                    <>
                      <br />
                      <span className="field__hint">{view.description}</span>
                    </>
                  )}
                </p>
                <span className="refused-changes__actions">
                  {view.editPath && <Link className="button" to={view.editPath}><Trans>Edit</Trans></Link>}
                  <button type="button" className="button" onClick={() => void retryEntry(entry.seq)}><Trans>Retry</Trans></button>
                  <button type="button" className="button" onClick={() => void dismissEntry(entry.seq)}><Trans>Discard</Trans></button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
