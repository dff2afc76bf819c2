import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { App } from './App';
import { startI18n } from './shared/i18n';
import { quietDraggables } from './shared/components/quiet-draggables';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
quietDraggables(root);
// English paints at once (its first catalogue is bundled); another language waits for its own.
void startI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>,
  ),
);
