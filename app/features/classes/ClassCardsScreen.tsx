import { Link, useParams } from 'react-router';
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

  return (
    <div className="page print-page">
      <div className="print-toolbar">
        <Link to={`/classes/${classId}`} className="button"><Icon name="arrowLeft" /> Back to the class</Link>
        {cards && <button type="button" className="button button--primary" onClick={() => window.print()}><Icon name="printer" /> Print</button>}
      </div>
      {waiting.status === 'waiting' ? (
        <div className="card empty-state" role="status">
          <h1>Waiting to be sent…</h1>
          <p>The {waiting.count === 1 ? 'account is' : `${waiting.count} accounts are`} made as soon as this device is online. The cards appear here then, with each username as the server made it.</p>
        </div>
      ) : waiting.status === 'refused' ? (
        <div className="notice notice--error" role="alert">
          <p><strong>The accounts were not made: {waiting.error}</strong></p>
          <p>Change the names on the class page and add them again.</p>
        </div>
      ) : cards === null ? (
        <div className="card empty-state">
          <h1>No cards to print</h1>
          <p>Passwords are shown only once, right after the accounts are made. To print a new card, choose “New password” for that student.</p>
        </div>
      ) : (
        <>
          <h1 className="cards-title">Login cards: <bdi>{cards.class.name}</bdi></h1>
          <p className="cards-note">Cut along the lines and give each child their card. These passwords are shown only now.</p>
          <ul className="login-cards" aria-label="Login cards">
            {cards.credentials.map((card) => (
              <li key={card.userId} className="login-card" data-testid="login-card">
                <div className="login-card__text">
                  <p className="login-card__class"><bdi>{cards.class.name}</bdi></p>
                  <p className="login-card__name"><bdi>{card.realName}</bdi></p>
                  <dl>
                    <div><dt>Username</dt><dd data-testid="card-username"><bdi>{card.username}</bdi></dd></div>
                    <div><dt>Password</dt><dd data-testid="card-password">{card.password}</dd></div>
                  </dl>
                </div>
                <QrCode value={makeSignInAddress(origin, card.username)} size="24mm" label={`QR code: sign-in address for ${card.username}`} />
                <p className="login-card__address">Sign in at <span>{address}</span></p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
