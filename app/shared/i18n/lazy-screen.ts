import { lazy, type ComponentType } from 'react';
import { messagesReady } from './catalogues';

/**
 * React.lazy for a screen whose texts are in the `screens` catalogue: its code and its language's
 * catalogue load together, so it never shows before its texts have arrived.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), messagesReady()]).then(([module]) => module));
}
