import { Trans } from '@lingui/react/macro';

/** Shown while the auth state loads (spec: "While auth state loads, a spinner shows"). */
export function AuthSpinner() {
  return (
    <div className="auth-spinner" role="status" aria-live="polite">
      <span className="spinner spinner--large" aria-hidden="true" />
      <span className="visually-hidden"><Trans>Loading…</Trans></span>
    </div>
  );
}
