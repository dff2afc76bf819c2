import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TournamentStatus } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { useToast } from '../../shared/components/Toast';
import { currentUserId } from '../auth';
import { addClassToTournament, useTournamentClasses } from './tournament-classes';
import '../classes/classes.css';

const OPEN: readonly TournamentStatus[] = ['draft', 'registration_open', 'registration_closed'];

/**
 * On a tournament's Manage screen, for an organiser who runs classes of its school: the classes
 * playing, and 'Add class' for the others until the tournament starts. Queued (addClassToTournament):
 * works offline; a refusal is listed with the tournament's refused changes.
 */
export function TournamentClassesCard({ tournamentId, status }: { tournamentId: number; status: TournamentStatus }) {
  const { t } = useLingui();
  const toast = useToast();
  const loaded = useTournamentClasses(tournamentId);
  const [pending, setPending] = useState<number | null>(null);
  if (loaded.status !== 'ready' || loaded.value.classes.length === 0) return null;
  const open = OPEN.includes(status);

  const add = (classId: number, name: string) => {
    const userId = currentUserId();
    if (userId === null) return;
    setPending(classId);
    addClassToTournament(userId, tournamentId, classId)
      .then(() => toast({ title: t`${name} added`, description: t`Its students are entered as confirmed players when this change reaches the server.`, variant: 'success' }))
      .finally(() => setPending(null));
  };

  return (
    <section className="card" aria-labelledby="tournament-classes-title">
      <h2 id="tournament-classes-title"><Trans>Classes</Trans></h2>
      <ul className="tournament-classes__list">
        {loaded.value.classes.map((each) => {
          const name = each.name;
          const count = each.studentCount;
          return (
            <li key={each.id}>
              <span><Trans><bdi>{name}</bdi> ({count} students)</Trans></span>
              {each.added ? (
                <span className="sync-line"><Trans>Playing</Trans></span>
              ) : open ? (
                <button type="button" className="button button--small" disabled={pending !== null} onClick={() => add(each.id, name)} aria-label={t`Add class ${name}`}>
                  <Icon name="plus" /> <Trans>Add class</Trans>
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!open && <p className="sync-line"><Trans>Classes can be added until the tournament starts.</Trans></p>}
    </section>
  );
}
