import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { quietDraggables } from './shared/components/quiet-draggables';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
quietDraggables(root);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
