import { lazy, Suspense, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { TournamentSnapshotView } from './tournaments';
import { DESKTOP_QUERY, useMediaQuery } from '../../shared/useMediaQuery';

const ProfileDialog = lazy(() => import('../profile/ProfileDialog'));

/** The confirmed players; on desktop (768 px and wider) a name opens the player profile dialog. */
export function ProfilesTab({ view }: { view: TournamentSnapshotView }) {
  const wide = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState<number | null>(null);
  const players = view.registrations.filter((registration) => registration.status === 'confirmed');
  if (players.length === 0) {
    return (
      <div className="card empty-state">
        <h2><Trans>No players yet</Trans></h2>
        <p><Trans>Players appear here once their registration is approved.</Trans></p>
      </div>
    );
  }
  return (
    <>
      <ul className="profile-list card">
        {players.map((player) => (
          <li key={player.id}>
            {wide ? (
              <button type="button" className="player-link" onClick={() => setOpen(player.userId)}>{player.userName}</button>
            ) : (
              <span>{player.userName}</span>
            )}
            {player.userElo !== null && <span className="badge badge--muted">{player.userElo}</span>}
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <ProfileDialog userId={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
