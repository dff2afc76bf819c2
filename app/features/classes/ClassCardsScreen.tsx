import { Link, useParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../shared/components/Icon';
import { QrCode } from '../../shared/components/QrCode';
import { currentUserId, makeSignInAddress } from '../auth';
import { useWaitingCards } from './class-outbox';
import { cardsFor, useClass } from './classes';
// The print rules that hide the app around a sheet and set A4 (shared with the tournament sheets).
import '../tournaments/tournaments.css';
import './classes.css';

/**
 * /classes/{id}/cards: one A4 sheet of login cards (class, username, password, the app's address
 * as text and as a QR code that opens it with the username filled in) for the accounts just made
 * or the password just reset. The passwords live only in this tab's memory (app/features/classes/classes.ts):
 * after a reload there is nothing to print, and the page says how to get a new card. Accounts
 * queued through the outbox (app/features/classes/class-outbox.ts) show 'Waiting to be sent…' until the server
 * made them and the roster was read back, so a card never shows a username the server changed.
 */
export default function ClassCardsScreen() {
  const { t } = useLingui();
  const { id } = useParams();
  const classId = Number(id);
  const valid = Number.isInteger(classId) && classId > 0;
  const loaded = useClass(valid ? classId : null);
  const detail = loaded.status === 'ready' ? loaded.value : null;
  const waiting = useWaitingCards(currentUserId(), classId, detail);
  // The last paste's cards once its accounts are on the server, else a password just reset.
  const cards = waiting.status === 'ready' && detail ? { class: detail.class, credentials: waiting.credentials } : waiting.status === 'none' && valid ? cardsFor(classId) : null;
  const origin = window.location.origin;
  const address = makeSignInAddress(origin);
  const waitingCount = waiting.status === 'waiting' ? waiting.count : 0;
  const refusal = waiting.status === 'refused' ? waiting.error : '';
  const className = cards?.class.name ?? '';

  return (
    <div className="page print-page">
      <div className="print-toolbar">
        <Link to={`/classes/${classId}`} className="button"><Icon name="arrowLeft" /> <Trans>Back to the class</Trans></Link>
        {cards && <button type="button" className="button button--primary" onClick={() => window.print()}><Icon name="printer" /> <Trans>Print</Trans></button>}
      </div>
      {waiting.status === 'waiting' ? (
        <div className="card empty-state" role="status">
          <h1><Trans>Waiting to be sent…</Trans></h1>
          <p>{t`${plural(waitingCount, {
            one: 'The account is made as soon as this device is online. The cards appear here then, with each username as the server made it.',
            other: 'The # accounts are made as soon as this device is online. The cards appear here then, with each username as the server made it.',
          })}`}</p>
        </div>
      ) : waiting.status === 'refused' ? (
        <div className="notice notice--error" role="alert">
          <p><strong><Trans>The accounts were not made: {refusal}</Trans></strong></p>
          <p><Trans>Change the names on the class page and add them again.</Trans></p>
        </div>
      ) : cards === null ? (
        <div className="card empty-state">
          <h1><Trans>No cards to print</Trans></h1>
          <p><Trans>Passwords are shown only once, right after the accounts are made. To print a new card, choose “New password” for that student.</Trans></p>
        </div>
      ) : (
        <>
          <h1 className="cards-title"><Trans>Login cards: <bdi>{className}</bdi></Trans></h1>
          <p className="cards-note"><Trans>Cut along the lines and give each child their card. These passwords are shown only now.</Trans></p>
          <ul className="login-cards" aria-label={t`Login cards`}>
            {cards.credentials.map(({ userId, realName, username, password }) => (
              <li key={userId} className="login-card" data-testid="login-card">
                <div className="login-card__text">
                  <p className="login-card__class"><bdi>{cards.class.name}</bdi></p>
                  <p className="login-card__name"><bdi>{realName}</bdi></p>
                  <dl>
                    <div><dt><Trans>Username</Trans></dt><dd data-testid="card-username"><bdi>{username}</bdi></dd></div>
                    <div><dt><Trans>Password</Trans></dt><dd data-testid="card-password">{password}</dd></div>
                  </dl>
                </div>
                <QrCode value={makeSignInAddress(origin, username)} size="24mm" label={t`QR code: sign-in address for ${username}`} />
                <p className="login-card__address"><Trans>Sign in at <span>{address}</span></Trans></p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
