import { Trans } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * The service worker waits when a new version is deployed; this asks before reloading so a game
 * in progress is never cut short (it is saved locally either way).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
  });

  // vite-plugin-pwa reloads only for the worker this page registered; a release found by a later
  // update check is "external" to it, so reload on the browser's own signal that the new worker
  // has taken over.
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker(true);
  };

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-prompt-text">
      <span id="update-prompt-text"><Trans>A new version is available</Trans></span>
      <button type="button" className="button button--primary" onClick={reload}><Trans>Reload</Trans></button>
      <button type="button" className="button" onClick={() => setNeedRefresh(false)}><Trans>Later</Trans></button>
    </div>
  );
}
