import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

export default function NotFound() {
  return (
    <div className="page not-found">
      <h1><Trans>404 Page Not Found</Trans></h1>
      <p><Trans>That page does not exist.</Trans></p>
      <Link to="/" className="button button--primary"><Trans>Back to Play</Trans></Link>
    </div>
  );
}
