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

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-prompt-text">
      <span id="update-prompt-text">A new version is available</span>
      <button type="button" className="button button--primary" onClick={() => void updateServiceWorker(true)}>Reload</button>
      <button type="button" className="button" onClick={() => setNeedRefresh(false)}>Later</button>
    </div>
  );
}
