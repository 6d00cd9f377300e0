import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseWithoutEval } from '@backroom/domain';
import { App } from './app/App';
import './app/global.css';

// the Content-Security-Policy allows no eval (docs/web-defences.md)
parseWithoutEval();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
