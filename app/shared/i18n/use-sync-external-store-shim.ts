/**
 * @lingui/react imports useSyncExternalStore from use-sync-external-store/shim, the polyfill for
 * React before 18; React 19 has it. Vite aliases the shim here (0.3 KB gzip off the first visit).
 */
export { useSyncExternalStore } from 'react';
