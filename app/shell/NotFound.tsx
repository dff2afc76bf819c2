import { Link } from 'react-router';

export default function NotFound() {
  return (
    <div className="page not-found">
      <h1>404 Page Not Found</h1>
      <p>That page does not exist.</p>
      <Link to="/" className="button button--primary">Back to Play</Link>
    </div>
  );
}
