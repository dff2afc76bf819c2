import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { OutboxEntry } from '../../../shared/outbox';

/**
 * Games still in the outbox, waiting for the network. Games the server refused are shown with
 * their reason on every screen by the shell's RefusedChanges (app/shell/RefusedChanges.tsx).
 */
export function PendingGames({ entries }: { entries: OutboxEntry[] }) {
  const { t } = useLingui();
  const count = entries.filter((entry) => entry.status === 'pending' && entry.name === 'saveGame').length; // settings, lessons... are not games
  if (count === 0) return null;
  return (
    <section className="card pending-games" aria-label={t`Games not yet saved`}>
      <p className="pending-games__waiting" data-testid="pending-count">
        {t`${plural(count, { one: '# game is waiting to be saved.', other: '# games are waiting to be saved.' })} They will be saved when you are back online.`}
      </p>
    </section>
  );
}
