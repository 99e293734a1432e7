import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { isFrontPath, loadStaffRoutes } from './app/routes.tsx';
import { loadServerTranslations, startup } from './app/startup.ts';
import { loadFeatureNamespaces } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

// A staff path: fetch the admin frame and the staff routes alongside start-up instead of after it
// (the router would otherwise ask for them only at its first match). A failure is the router's to report.
if (!isFrontPath(window.location.hash.replace(/^#/, '').split('?')[0] || '/')) loadStaffRoutes().catch(() => undefined);

void startup(root).then(async ({ offline }) => {
  if (offline) {
    // A desk whose remote gateway is down opens as the offline label station (desktop only);
    // loaded on demand so it adds nothing to every other first load.
    // Outside the router, so no screen asks for its strings: every namespace, before the first render.
    const [{ OfflineStation }] = await Promise.all([import('./app/offline-station.tsx'), loadFeatureNamespaces().catch(() => undefined)]);
    createRoot(root).render(
      <StrictMode>
        <OfflineStation info={offline} />
      </StrictMode>,
    );
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void loadServerTranslations();
});
