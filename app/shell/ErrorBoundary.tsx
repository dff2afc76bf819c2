import { Component, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

interface ErrorBoundaryState {
  error: Error | null;
}

/**
 * A screen that throws while rendering shows what went wrong instead of a blank page (the
 * declarative router has no error element of its own). The key (the path) starts it afresh
 * on the next navigation.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A screen failed to render.', error);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="notice notice--error" role="alert">
        <h2><Trans>Unexpected Application Error!</Trans></h2>
        <p>{this.state.error.message}</p>
      </div>
    );
  }
}
