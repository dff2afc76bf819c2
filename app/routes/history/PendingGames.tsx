import { dismissEntry, type OutboxEntry } from '../../data/outbox';
import { saveGameArgsSchema } from '../../../schema';
import { RESULT_LABELS } from './history-query';


function describe(entry: OutboxEntry): string {
  const parsed = saveGameArgsSchema.safeParse(entry.args);
  if (!parsed.success) return entry.name;
  const { game, finishedAt } = parsed.data;
  return `${RESULT_LABELS[game.result]} against ${game.opponent === 'Computer' ? 'the computer' : 'a player'}, ${game.moves.length} moves, ${new Date(finishedAt).toLocaleString()}`;
}

/** Games still in the outbox: waiting for the network, or refused by the server (with why). */
export function PendingGames({ entries }: { entries: OutboxEntry[] }) {
  if (entries.length === 0) return null;
  const waiting = entries.filter((entry) => entry.status === 'pending');
  const rejected = entries.filter((entry) => entry.status === 'rejected');
  return (
    <section className="card pending-games" aria-label="Games not yet saved">
      {waiting.length > 0 && (
        <p className="pending-games__waiting" data-testid="pending-count">
          {waiting.length === 1 ? '1 game is' : `${waiting.length} games are`} waiting to be saved. They will be saved when you are back online.
        </p>
      )}
      {rejected.length > 0 && (
        <ul className="pending-games__list">
          {rejected.map((entry) => (
            <li key={entry.seq} className="notice notice--error">
              <p>
                <strong>Not saved: {entry.error}</strong>
                <br />
                <span className="field__hint">{describe(entry)}</span>
              </p>
              <button type="button" className="button" onClick={() => void dismissEntry(entry.seq)}>Dismiss</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
