import { Link } from 'react-router';

/** A screen that a later release builds: says so, rather than a 404. */
export default function ComingSoon({ title }: { title: string }) {
  return (
    <div className="page coming-soon">
      <h1>{title}</h1>
      <div className="card">
        <p>This part of the app is coming soon.</p>
        <Link to="/" className="button button--primary">Back to Play</Link>
      </div>
    </div>
  );
}
