import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { setLanguage, storedLanguage } from '@/lib/i18n';
import { registerServiceWorker } from '@/lib/web-push';

const root = document.getElementById('root');
// The service worker shows push notifications; it caches nothing (public/sw.js).
registerServiceWorker();
if (!root) throw new Error('index.html has no #root element');

/** Renders at once in Finnish; a visitor who chose English or Swedish waits for those texts. */
const language = storedLanguage();
const ready = language === 'fi' ? Promise.resolve() : setLanguage(language).catch(() => {});
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
