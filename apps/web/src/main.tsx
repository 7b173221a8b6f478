import './app/zod-without-eval';
import './app/mantine-styles';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-service-worker';
import { warmLocationToday } from './lib/use-location-today';

// On the place-order list the shell's and the page's code load at once, not one after the other
// (lazy-pages.ts imports the same modules; public/first-page.js is already asking for the items).
if (/^\/place-order\/list\/?$/.test(window.location.pathname)) {
  // A failed load shows where React.lazy asks again (the page's error boundary).
  import('./shell/app-layout').catch(() => undefined);
  import('./app/place-order-route').catch(() => undefined);
  import('./features/catalog/pages/place-order-list-page').catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// /login arrives with a static copy of its card (apps/web/build/login-splash.ts). React replaces it
// once the page's module is in (its chunks are preloaded beside this one), after the browser has
// painted it: otherwise a fast load ran the app before the first paint and the card was never seen.
if (container.querySelector('.splash')) {
  import('./features/auth/pages/login-page')
    .catch(() => undefined)
    .then(() => requestAnimationFrame(() => setTimeout(() => startTransition(render), 0)));
} else {
  render();
}

// A task of its own, while the shell's chunks download (see warmLocationToday).
setTimeout(warmLocationToday, 0);

registerServiceWorker();
