import type { OutboxEntry } from '../../../shared/outbox';

/**
 * Games still in the outbox, waiting for the network. Games the server refused are shown with
 * their reason on every screen by the shell's RefusedChanges (app/shell/RefusedChanges.tsx).
 */
export function PendingGames({ entries }: { entries: OutboxEntry[] }) {
  const waiting = entries.filter((entry) => entry.status === 'pending' && entry.name === 'saveGame'); // settings, lessons... are not games
  if (waiting.length === 0) return null;
  return (
    <section className="card pending-games" aria-label="Games not yet saved">
      <p className="pending-games__waiting" data-testid="pending-count">
        {waiting.length === 1 ? '1 game is' : `${waiting.length} games are`} waiting to be saved. They will be saved when you are back online.
      </p>
    </section>
  );
}
