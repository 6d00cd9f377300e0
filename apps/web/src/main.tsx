// first: zod builds no eval-compiled parser in the browser (no-eval.ts)
import './no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstScreenLoaded } from './app/App';
import './app/global.css';

// Drawn once the first screen's code is here (app/boot.ts), so it is drawn in one go; until then
// index.html shows the page's spinner.
void firstScreenLoaded.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
